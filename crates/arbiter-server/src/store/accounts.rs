//! Accounts, sessions, personal API tokens and failed sign-ins in the database. Every
//! secret is stored as its SHA-256 hash (a password as its Argon2id hash), never as
//! itself.

use super::games::{Store, StoreError, on_pool, on_writer};

/// An account, without its password's hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// Its number.
    pub id: i64,
    /// Its name as given.
    pub name: String,
    /// When it was made, milliseconds since the epoch.
    pub created_at: i64,
}

/// A personal API token as its owner sees it listed: never the token.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ApiTokenInfo {
    /// Its public id, to revoke it by.
    pub id: String,
    /// The label its owner gave it.
    pub label: String,
    /// When it was made.
    pub created_at: i64,
    /// When it was last used, if ever.
    pub last_used_at: Option<i64>,
}

fn is_unique_violation(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(e) if e.is_unique_violation())
}

impl Store {
    /// Makes an account; `None` if the name's key is taken.
    pub async fn create_account(
        &self,
        name: &str,
        key: &str,
        password_hash: &str,
        now: i64,
    ) -> Result<Option<Account>, StoreError> {
        let sql =
            "INSERT INTO accounts (name, name_key, password_hash, created_at) VALUES ($1, $2, $3, $4) RETURNING id";
        let made = on_writer!(self, pool => sqlx::query_scalar::<_, i64>(sql)
            .bind(name)
            .bind(key)
            .bind(password_hash)
            .bind(now)
            .fetch_one(pool)
            .await);
        match made {
            Ok(id) => Ok(Some(Account { id, name: name.to_owned(), created_at: now })),
            Err(e) if is_unique_violation(&e) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// The account whose name has `key`, with its password's hash.
    pub async fn account_by_key(&self, key: &str) -> Result<Option<(Account, String)>, StoreError> {
        let sql = "SELECT id, name, created_at, password_hash FROM accounts WHERE name_key = $1";
        let found = on_pool!(self, pool => sqlx::query_as::<_, (i64, String, i64, String)>(sql).bind(key).fetch_optional(pool).await?);
        Ok(found.map(|(id, name, created_at, hash)| (Account { id, name, created_at }, hash)))
    }

    /// Stores a session for `account` until `expires_at`, by its token's hash.
    pub async fn create_session(
        &self,
        token_hash: &str,
        account: i64,
        now: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        let sql = "INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4)";
        on_writer!(self, pool => sqlx::query(sql).bind(token_hash).bind(account).bind(now).bind(expires_at).execute(pool).await.map(|_| ()))?;
        Ok(())
    }

    /// The account of the session whose token hashes to `token_hash`, if it has not
    /// ended by `now`.
    pub async fn session_account(&self, token_hash: &str, now: i64) -> Result<Option<Account>, StoreError> {
        let sql = "SELECT a.id, a.name, a.created_at FROM sessions s JOIN accounts a ON a.id = s.account_id \
                   WHERE s.token_hash = $1 AND s.expires_at > $2";
        let found = on_pool!(self, pool => sqlx::query_as::<_, (i64, String, i64)>(sql).bind(token_hash).bind(now).fetch_optional(pool).await?);
        Ok(found.map(|(id, name, created_at)| Account { id, name, created_at }))
    }

    /// Ends the session whose token hashes to `token_hash`.
    pub async fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
        let sql = "DELETE FROM sessions WHERE token_hash = $1";
        on_writer!(self, pool => sqlx::query(sql).bind(token_hash).execute(pool).await.map(|_| ()))?;
        Ok(())
    }

    /// Stores a personal API token of `account`, by its hash.
    pub async fn create_api_token(
        &self,
        id: &str,
        token_hash: &str,
        account: i64,
        label: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let sql = "INSERT INTO api_tokens (id, token_hash, account_id, label, created_at) VALUES ($1, $2, $3, $4, $5)";
        on_writer!(self, pool => sqlx::query(sql).bind(id).bind(token_hash).bind(account).bind(label).bind(now).execute(pool).await.map(|_| ()))?;
        Ok(())
    }

    /// The account of the API token that hashes to `token_hash`; its use at `now` is
    /// recorded (at most once a minute).
    pub async fn api_token_account(&self, token_hash: &str, now: i64) -> Result<Option<Account>, StoreError> {
        let sql = "SELECT a.id, a.name, a.created_at, t.last_used_at FROM api_tokens t \
                   JOIN accounts a ON a.id = t.account_id WHERE t.token_hash = $1";
        let found = on_pool!(self, pool => sqlx::query_as::<_, (i64, String, i64, Option<i64>)>(sql).bind(token_hash).fetch_optional(pool).await?);
        let Some((id, name, created_at, last_used)) = found else { return Ok(None) };
        if last_used.is_none_or(|at| now - at > 60_000) {
            let sql = "UPDATE api_tokens SET last_used_at = $2 WHERE token_hash = $1";
            on_writer!(self, pool => sqlx::query(sql).bind(token_hash).bind(now).execute(pool).await.map(|_| ()))?;
        }
        Ok(Some(Account { id, name, created_at }))
    }

    /// The API tokens of `account`, newest first.
    pub async fn api_tokens(&self, account: i64) -> Result<Vec<ApiTokenInfo>, StoreError> {
        let sql = "SELECT id, label, created_at, last_used_at FROM api_tokens WHERE account_id = $1 \
                   ORDER BY created_at DESC, id";
        type Listed = (String, String, i64, Option<i64>);
        let rows = on_pool!(self, pool => sqlx::query_as::<_, Listed>(sql).bind(account).fetch_all(pool).await?);
        Ok(rows
            .into_iter()
            .map(|(id, label, created_at, last_used_at)| ApiTokenInfo { id, label, created_at, last_used_at })
            .collect())
    }

    /// Revokes `account`'s API token `id`; `false` if it has none of that id.
    pub async fn delete_api_token(&self, account: i64, id: &str) -> Result<bool, StoreError> {
        let sql = "DELETE FROM api_tokens WHERE account_id = $1 AND id = $2";
        let done =
            on_writer!(self, pool => sqlx::query(sql).bind(account).bind(id).execute(pool).await?.rows_affected());
        Ok(done == 1)
    }

    /// How many sign-ins failed for `subject` from `since` on, and when the first of
    /// them did.
    pub async fn failures(&self, subject: &str, since: i64) -> Result<(i64, Option<i64>), StoreError> {
        let sql = "SELECT COUNT(*), MIN(at) FROM sign_in_failures WHERE subject = $1 AND at >= $2";
        let found = on_pool!(self, pool => sqlx::query_as::<_, (i64, Option<i64>)>(sql).bind(subject).bind(since).fetch_one(pool).await?);
        Ok(found)
    }

    /// Records a failed sign-in for each of `subjects` at `now`.
    pub async fn add_failures(&self, subjects: &[String], now: i64) -> Result<(), StoreError> {
        let sql = "INSERT INTO sign_in_failures (subject, at) VALUES ($1, $2)";
        for subject in subjects {
            on_writer!(self, pool => sqlx::query(sql).bind(subject).bind(now).execute(pool).await.map(|_| ()))?;
        }
        Ok(())
    }

    /// Forgets the failed sign-ins of `subject` (after one that succeeded).
    pub async fn clear_failures(&self, subject: &str) -> Result<(), StoreError> {
        let sql = "DELETE FROM sign_in_failures WHERE subject = $1";
        on_writer!(self, pool => sqlx::query(sql).bind(subject).execute(pool).await.map(|_| ()))?;
        Ok(())
    }

    /// Sweeps failed sign-ins from before `before` and sessions ended by `now`.
    pub async fn sweep_accounts(&self, before: i64, now: i64) -> Result<(), StoreError> {
        on_writer!(self, pool => sqlx::query("DELETE FROM sign_in_failures WHERE at < $1").bind(before).execute(pool).await.map(|_| ()))?;
        on_writer!(self, pool => sqlx::query("DELETE FROM sessions WHERE expires_at <= $1").bind(now).execute(pool).await.map(|_| ()))?;
        Ok(())
    }
}
