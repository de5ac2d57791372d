//! The vector environments' core (`arbiter.envs.vector_env`): a batch of games of one
//! game and options, stepped in the game's own types, across threads, writing into
//! arrays the caller owns. Which game it is was settled once, when the batch was made
//! (`games::batch`): a step is one call through [`AnyBatch`], and every environment of
//! the batch then runs code compiled for its game.

use std::any::Any;

use arbiter::{Game, LookBack, Side, Termination, WithHistory};
use arbiter_engine::eval::Evaluate;
use arbiter_engine::{Budget, Style};

use crate::games::{History, Mv, PyGame, observe_to_move};
use crate::planes::{Frame, Planes};
use crate::slot::{Acted, Slot, SplitMix64, termination_index};

/// How far below the best a random engine pick may be (as `Game.engine_move`).
const RANDOM_MARGIN: i32 = 30;

/// Who plays the actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Players {
    /// Both sides: every action is the side to move's (self-play).
    Both,
    /// One side; the other is arbiter's engine searching `depth` plies (0: a random
    /// legal move).
    One { side: Side, depth: u32 },
}

/// What an action off the mask does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum IllegalPolicy {
    /// The side that took it loses at once.
    Lose,
    /// The step is refused (an exception) and no environment changes.
    Refuse,
}

/// Gymnasium's autoreset modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Autoreset {
    /// An ended environment is reset by the next step, whose action it ignores.
    NextStep,
    /// An ended environment is reset in the step that ends it; the final observation
    /// goes apart.
    SameStep,
    /// Ended environments wait for `reset` with a mask.
    Disabled,
}

/// How a batch plays.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Config {
    pub(crate) players: Players,
    pub(crate) illegal: IllegalPolicy,
    pub(crate) illegal_reward: f32,
    pub(crate) autoreset: Autoreset,
    /// Steps after which an episode is truncated.
    pub(crate) max_steps: Option<u64>,
    /// The side whose view every observation takes in self-play; `None`: the side to
    /// move's. (Against the engine the view is always the agent's side.)
    pub(crate) observer: Option<Side>,
    /// Observations `planes x rows x columns` rather than `rows x columns x planes`.
    pub(crate) planes_first: bool,
}

/// One row of every output array: one environment's part.
pub(crate) struct Row<'a> {
    pub(crate) observation: &'a mut [u8],
    pub(crate) final_observation: &'a mut [u8],
    pub(crate) reward: &'a mut f32,
    pub(crate) terminated: &'a mut bool,
    pub(crate) truncated: &'a mut bool,
    pub(crate) mask: &'a mut [bool],
    pub(crate) legal: &'a mut [i32],
    pub(crate) count: &'a mut i32,
    pub(crate) to_move: &'a mut i8,
    pub(crate) winner: &'a mut i8,
    pub(crate) ending: &'a mut i8,
    pub(crate) illegal: &'a mut bool,
}

/// The output arrays of a batch, as slices over their whole data: `num_envs` rows each.
pub(crate) struct Outputs<'a> {
    pub(crate) observations: &'a mut [u8],
    /// Empty unless the autoreset mode is `SameStep`.
    pub(crate) final_observations: &'a mut [u8],
    pub(crate) rewards: &'a mut [f32],
    pub(crate) terminations: &'a mut [bool],
    pub(crate) truncations: &'a mut [bool],
    pub(crate) masks: &'a mut [bool],
    pub(crate) legal: &'a mut [i32],
    pub(crate) counts: &'a mut [i32],
    pub(crate) to_move: &'a mut [i8],
    pub(crate) winners: &'a mut [i8],
    pub(crate) endings: &'a mut [i8],
    pub(crate) illegal: &'a mut [bool],
}

impl<'a> Outputs<'a> {
    /// The rows of environments `..at` and `at..`.
    fn split_at(self, at: usize, observation: usize, actions: usize) -> (Outputs<'a>, Outputs<'a>) {
        fn cut<T>(slice: &mut [T], at: usize) -> (&mut [T], &mut [T]) {
            slice.split_at_mut(at.min(slice.len()))
        }
        let (o1, o2) = cut(self.observations, at * observation);
        let (f1, f2) = cut(self.final_observations, at * observation);
        let (r1, r2) = cut(self.rewards, at);
        let (t1, t2) = cut(self.terminations, at);
        let (u1, u2) = cut(self.truncations, at);
        let (m1, m2) = cut(self.masks, at * actions);
        let (l1, l2) = cut(self.legal, at * actions);
        let (c1, c2) = cut(self.counts, at);
        let (s1, s2) = cut(self.to_move, at);
        let (w1, w2) = cut(self.winners, at);
        let (e1, e2) = cut(self.endings, at);
        let (i1, i2) = cut(self.illegal, at);
        (
            Outputs {
                observations: o1,
                final_observations: f1,
                rewards: r1,
                terminations: t1,
                truncations: u1,
                masks: m1,
                legal: l1,
                counts: c1,
                to_move: s1,
                winners: w1,
                endings: e1,
                illegal: i1,
            },
            Outputs {
                observations: o2,
                final_observations: f2,
                rewards: r2,
                terminations: t2,
                truncations: u2,
                masks: m2,
                legal: l2,
                counts: c2,
                to_move: s2,
                winners: w2,
                endings: e2,
                illegal: i2,
            },
        )
    }

    /// Environment `i`'s row.
    fn row(&mut self, i: usize, observation: usize, actions: usize) -> Row<'_> {
        let final_observation = if self.final_observations.is_empty() {
            &mut []
        } else {
            &mut self.final_observations[i * observation..(i + 1) * observation]
        };
        Row {
            observation: &mut self.observations[i * observation..(i + 1) * observation],
            final_observation,
            reward: &mut self.rewards[i],
            terminated: &mut self.terminations[i],
            truncated: &mut self.truncations[i],
            mask: &mut self.masks[i * actions..(i + 1) * actions],
            legal: &mut self.legal[i * actions..(i + 1) * actions],
            count: &mut self.counts[i],
            to_move: &mut self.to_move[i],
            winner: &mut self.winners[i],
            ending: &mut self.endings[i],
            illegal: &mut self.illegal[i],
        }
    }
}

/// Why a step was refused before any environment changed.
#[derive(Debug)]
pub(crate) enum Refusal {
    /// Environment `env` was given `action`, which no legal move takes; `spelled` is
    /// the move the numbers spell, for the rules to say why.
    Illegal { env: usize, action: i64, spelled: Option<String>, reason: &'static str, message: String },
    /// Environment `env` has ended and autoreset is disabled.
    Ended { env: usize },
}

/// A batch of any game, for the Python class: one call a step.
pub(crate) trait AnyBatch: Send + Sync {
    fn num_envs(&self) -> usize;
    /// An observation's size and axes.
    fn frame(&self) -> Frame;
    fn action_count(&self) -> usize;
    /// The observation layout's version.
    fn layout(&self) -> u32;
    /// Restarts the environments whose `mask` entry is true (every one without a
    /// mask), their chance seeded by `seeds` (one an environment), and writes their
    /// rows.
    fn reset(&mut self, seeds: &[u64], mask: Option<&[bool]>, out: Outputs<'_>, threads: usize);
    /// Steps every environment with its action; `Err` before any change if the
    /// policy refuses one.
    fn step(&mut self, actions: &[i64], out: Outputs<'_>, threads: usize) -> Result<(), Refusal>;
    /// The batch as `Any`, for `PositionBatch.load` to find its game's slots.
    fn as_any(&self) -> &dyn Any;
}

/// One environment.
struct Env<G: PyGame> {
    slot: Slot<G>,
    chance: SplitMix64,
    steps: u64,
    /// Ended: reset by the next step (`NextStep`) or by `reset` (`Disabled`).
    ended: bool,
    /// For a game whose moves say what they change (`PyGame::OBSERVES_MOVES`): the
    /// planes kept up to date move by move, so that a step writes what the move
    /// changed instead of every plane afresh.
    views: Views,
    /// The version of the slot's kept lists that the row of legal actions holds
    /// (`Kept::write`), if it holds them.
    list_version: Option<u64>,
}

/// The planes kept from step to step. When one side's view is taken throughout (the
/// agent's against the engine, or `Config::observer`), they are the environment's
/// row of the observation array itself, which only the batch writes (Python sees it
/// read-only, and cannot make it writable: see `VectorCore`): a move marks its points
/// there and the plane of the side to move is filled or cleared. When the view is the
/// side to move's, each side's planes are kept here, with the plane of the side to move
/// marked, and a step copies the observer's into the row.
#[derive(Default)]
struct Views {
    /// Each side's planes, by side index (empty when one side's view is taken).
    planes: [Vec<u8>; 2],
    /// The plane of the side to move, to clear when the observer is not to move.
    to_move_plane: usize,
    /// Whether the kept planes show the slot's position (false after a restart, or
    /// after a move that changed more than the game could say).
    current: bool,
}

/// A batch of one game's environments.
pub(crate) struct Batch<G: PyGame> {
    start: History<G>,
    envs: Vec<Env<G>>,
    config: Config,
    frame: Frame,
    actions: usize,
    pool: Option<(usize, rayon::ThreadPool)>,
}

impl<G: PyGame> Batch<G>
where
    G::Position: Evaluate,
{
    pub(crate) fn new(start: History<G>, num_envs: usize, config: Config) -> Batch<G> {
        let frame = Frame::new(G::shape(&start), config.planes_first);
        let actions = G::action_count(&start);
        let envs = (0..num_envs)
            .map(|i| Env {
                slot: Slot::new(&start),
                chance: SplitMix64::new(i as u64),
                steps: 0,
                ended: false,
                views: Views::default(),
                list_version: None,
            })
            .collect();
        Batch { start, envs, config, frame, actions, pool: None }
    }

    /// The slots of the environments, for `PositionBatch.load`.
    pub(crate) fn slot(&self, env: usize) -> Option<&Slot<G>> {
        self.envs.get(env).map(|env| &env.slot)
    }

    /// Runs `work` on every environment with its row (and its action), in `threads`
    /// threads: the environments cut into contiguous runs, a few a thread.
    fn run(
        &mut self,
        out: Outputs<'_>,
        threads: usize,
        actions: Option<&[i64]>,
        work: impl Fn(&Context<'_, G>, &mut Env<G>, usize, Option<i64>, Row<'_>) + Sync,
    ) {
        let context = Context { start: &self.start, config: self.config, frame: self.frame, actions: self.actions };
        let (observation, action_count) = (self.frame.len(), self.actions);
        let count = self.envs.len();
        let threads = threads.clamp(1, count.max(1));
        if threads > 1 && self.pool.as_ref().is_none_or(|(n, _)| *n != threads) {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().ok();
            self.pool = pool.map(|pool| (threads, pool));
        }
        let pool = match &self.pool {
            Some((_, pool)) if threads > 1 => pool,
            // One thread (or no pool could be made): the environments in turn.
            _ => {
                let mut out = out;
                for (i, env) in self.envs.iter_mut().enumerate() {
                    let row = out.row(i, observation, action_count);
                    work(&context, env, i, actions.map(|a| a[i]), row);
                }
                return;
            }
        };
        // A few runs a thread, so that a slow run (a long engine search) is balanced.
        let runs = (threads * 4).min(count);
        let per_run = count.div_ceil(runs);
        let mut parts = Vec::with_capacity(runs);
        let mut rest = out;
        let mut envs: &mut [Env<G>] = &mut self.envs;
        let mut first = 0;
        while !envs.is_empty() {
            let take = per_run.min(envs.len());
            let (run_envs, more) = envs.split_at_mut(take);
            let (run_out, more_out) = rest.split_at(take, observation, action_count);
            parts.push((first, run_envs, run_out));
            first += take;
            envs = more;
            rest = more_out;
        }
        let (work, context) = (&work, &context);
        pool.scope(|scope| {
            for (first, run_envs, mut run_out) in parts {
                scope.spawn(move |_| {
                    for (k, env) in run_envs.iter_mut().enumerate() {
                        let row = run_out.row(k, observation, action_count);
                        work(context, env, first + k, actions.map(|a| a[first + k]), row);
                    }
                });
            }
        });
    }
}

/// What every environment's work reads of the batch.
struct Context<'a, G: PyGame> {
    start: &'a History<G>,
    config: Config,
    frame: Frame,
    actions: usize,
}

impl<G: PyGame> Context<'_, G>
where
    G::Position: Evaluate,
{
    /// The side whose view the observations take.
    fn observer(&self, slot: &Slot<G>) -> Side {
        self.fixed_observer().unwrap_or_else(|| slot.to_move())
    }

    /// The side whose view every observation takes, if it is always the same side.
    fn fixed_observer(&self) -> Option<Side> {
        match self.config.players {
            Players::Both => self.config.observer,
            Players::One { side, .. } => Some(side),
        }
    }

    /// Restarts `env` (and lets the engine open if it plays first).
    fn restart(&self, env: &mut Env<G>) {
        env.slot.restart(self.start);
        env.steps = 0;
        env.ended = false;
        env.views.current = false;
        env.list_version = None;
        if let Players::One { side, depth } = self.config.players
            && env.slot.to_move() != side
        {
            opponent_moves(&mut env.slot, depth, &mut env.chance);
        }
    }

    /// Marks the move `mv`, just played, in the kept planes (`observation`, the row,
    /// when one side's view is taken), or lets them be written afresh if the game
    /// cannot say what it changed.
    fn played(&self, env: &mut Env<G>, mv: Mv<G>, observation: &mut [u8]) {
        if !G::OBSERVES_MOVES || !env.views.current {
            return;
        }
        if let Some(observer) = self.fixed_observer() {
            let planes = &mut Planes::kept(observation, self.frame);
            env.views.current = G::observe_move(&env.slot.game, mv, observer, planes);
            return;
        }
        for side in Side::BOTH {
            let planes = &mut env.views.planes[side.index()];
            if !G::observe_move(&env.slot.game, mv, side, &mut Planes::kept(planes, self.frame)) {
                env.views.current = false;
                return;
            }
        }
    }

    /// Writes the position as the observer sees it into its row.
    fn write_observation(&self, env: &mut Env<G>, row: &mut Row<'_>) {
        let observer = self.observer(&env.slot);
        if !G::OBSERVES_MOVES {
            env.slot.observe(observer, self.frame, row.observation);
            return;
        }
        let views = &mut env.views;
        if self.fixed_observer().is_some() {
            // The row is the kept planes: written whole after a restart, then changed
            // move by move.
            if !views.current {
                let slot = &env.slot;
                views.to_move_plane =
                    observe_to_move::<G>(&slot.game, slot.legal(), observer, slot.route(), self.frame, row.observation);
                views.current = true;
            }
            Planes::kept(row.observation, self.frame).fill_if(views.to_move_plane, env.slot.to_move() == observer);
            return;
        }
        if !views.current {
            let slot = &env.slot;
            for side in Side::BOTH {
                let planes = &mut views.planes[side.index()];
                planes.resize(row.observation.len(), 0);
                views.to_move_plane =
                    observe_to_move::<G>(&slot.game, slot.legal(), side, slot.route(), self.frame, planes);
            }
            views.current = true;
        }
        row.observation.copy_from_slice(&views.planes[observer.index()]);
        if env.slot.to_move() != observer {
            Planes::kept(row.observation, self.frame).clear(views.to_move_plane);
        }
    }

    /// Writes the position's observation, mask, legal actions and side to move.
    fn write_position(&self, env: &mut Env<G>, row: &mut Row<'_>, keep_actions: bool) {
        self.write_observation(env, row);
        if keep_actions && let Some(kept) = env.slot.kept() {
            // A placement game's lists, kept move by move: the mask copied whole, the
            // list brought up to date.
            row.mask.copy_from_slice(&kept.mask);
            let (count, version) = kept.write(row.legal, env.list_version);
            env.list_version = Some(version);
            *row.count = count as i32;
            *row.to_move = env.slot.to_move().index() as i8;
            return;
        }
        env.list_version = None;
        // The mask's set entries are the previous actions, listed in the row: cleared
        // one by one when they are few in a large row (Xiangqi's 8,100 actions), the
        // whole row at once when they are many in a small one (a placement game's empty
        // points), which is a fraction of the writes.
        let before = usize::try_from(*row.count).unwrap_or(0).min(self.actions);
        if before * 16 >= row.mask.len() {
            row.mask.fill(false);
        } else {
            for &action in &row.legal[..before] {
                if let Some(entry) = usize::try_from(action).ok().and_then(|a| row.mask.get_mut(a)) {
                    *entry = false;
                }
            }
        }
        let count = if keep_actions { env.slot.write_actions(row.mask, row.legal) } else { 0 };
        *row.count = count as i32;
        *row.to_move = env.slot.to_move().index() as i8;
    }

    /// A fresh start's row.
    fn write_start(&self, env: &mut Env<G>, row: &mut Row<'_>) {
        *row.reward = 0.0;
        *row.terminated = false;
        *row.truncated = false;
        *row.winner = -1;
        *row.ending = -1;
        *row.illegal = false;
        self.write_position(env, row, true);
    }

    /// One environment's reset.
    fn reset(&self, env: &mut Env<G>, seed: Option<u64>, mut row: Row<'_>) {
        if let Some(seed) = seed {
            env.chance = SplitMix64::new(seed);
        }
        self.restart(env);
        self.write_start(env, &mut row);
    }

    /// One environment's step.
    fn step(&self, env: &mut Env<G>, action: i64, mut row: Row<'_>) {
        if env.ended {
            // NextStep: this step resets the environment and its action is ignored.
            self.restart(env);
            self.write_start(env, &mut row);
            return;
        }
        let mover = env.slot.to_move();
        let acted = match usize::try_from(action) {
            Ok(action) if action < self.actions => env.slot.act(action),
            _ => Acted::Illegal,
        };
        *row.illegal = acted == Acted::Illegal;
        *row.winner = -1;
        *row.ending = -1;
        *row.reward = 0.0;
        *row.truncated = false;
        let mut end = None;
        match acted {
            Acted::Illegal => end = Some((Some(mover.opponent()), Termination::IllegalMove)),
            Acted::Continues => {}
            Acted::Played(mv) => {
                self.played(env, mv, row.observation);
                end = env.slot.end();
                if end.is_none()
                    && let Players::One { depth, .. } = self.config.players
                    && let Some(reply) = opponent_moves(&mut env.slot, depth, &mut env.chance)
                {
                    self.played(env, reply, row.observation);
                    end = env.slot.end();
                }
            }
        }
        env.steps += 1;
        *row.terminated = end.is_some();
        if let Some((winner, termination)) = end {
            let judged = match self.config.players {
                Players::Both => mover,
                Players::One { side, .. } => side,
            };
            *row.reward = match winner {
                _ if acted == Acted::Illegal => self.config.illegal_reward,
                Some(side) if side == judged => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            };
            *row.winner = winner.map_or(-1, |side| side.index() as i8);
            *row.ending = termination_index(termination);
        } else if self.config.max_steps.is_some_and(|limit| env.steps >= limit) {
            *row.truncated = true;
        }
        let over = *row.terminated || *row.truncated;
        self.write_position(env, &mut row, acted != Acted::Illegal);
        if over {
            match self.config.autoreset {
                Autoreset::NextStep | Autoreset::Disabled => env.ended = true,
                Autoreset::SameStep => {
                    row.final_observation.copy_from_slice(row.observation);
                    self.restart(env);
                    self.write_position(env, &mut row, true);
                }
            }
        }
    }
}

/// The opponent's move in a one-agent environment: the engine's, or a random legal
/// move at depth 0; returns the move played (none when there is no legal move).
fn opponent_moves<G: PyGame>(slot: &mut Slot<G>, depth: u32, chance: &mut SplitMix64) -> Option<Mv<G>>
where
    G::Position: Evaluate,
{
    let count = slot.move_count();
    if count == 0 {
        return None;
    }
    // A move below the count is always there (a kept action is always a placement).
    let mv = if depth == 0 {
        slot.move_at(chance.below(count))?
    } else {
        let game = &slot.game;
        let me = game.side_to_move();
        let allowed = |mv| {
            let mut after: WithHistory<G::Position> = game.clone();
            after.play(mv);
            after.outcome().is_none_or(|outcome| outcome.winner() != Some(me.opponent()))
        };
        let budget = Budget { depth: Some(depth), ..Budget::default() };
        let style = Style { max_depth: depth, random: Some((chance.next_u64(), RANDOM_MARGIN)) };
        match arbiter_engine::search::best_move(game.position(), budget, style, allowed) {
            Some(found) if slot.is_legal_move(found.best) => found.best,
            _ => slot.move_at(chance.below(count))?,
        }
    };
    slot.play(mv);
    Some(mv)
}

impl<G: PyGame> AnyBatch for Batch<G>
where
    G::Position: Evaluate + LookBack,
{
    fn num_envs(&self) -> usize {
        self.envs.len()
    }

    fn frame(&self) -> Frame {
        self.frame
    }

    fn action_count(&self) -> usize {
        self.actions
    }

    fn layout(&self) -> u32 {
        G::LAYOUT
    }

    fn reset(&mut self, seeds: &[u64], mask: Option<&[bool]>, out: Outputs<'_>, threads: usize) {
        self.run(out, threads, None, |context, env, i, _, row| {
            if mask.is_none_or(|mask| mask.get(i).copied().unwrap_or(false)) {
                context.reset(env, seeds.get(i).copied(), row);
            }
        });
    }

    fn step(&mut self, actions: &[i64], out: Outputs<'_>, threads: usize) -> Result<(), Refusal> {
        for (i, (env, &action)) in self.envs.iter().zip(actions).enumerate() {
            if env.ended && self.config.autoreset == Autoreset::Disabled {
                return Err(Refusal::Ended { env: i });
            }
            if self.config.illegal == IllegalPolicy::Refuse && !env.ended {
                let allowed = usize::try_from(action).is_ok_and(|a| a < self.actions && env.slot.allows(a));
                if !allowed {
                    return Err(refusal(&env.slot, i, action, self.actions));
                }
            }
        }
        self.run(out, threads, Some(actions), |context, env, _, action, row| {
            context.step(env, action.unwrap_or(-1), row);
        });
        Ok(())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// Why `action` is refused in `slot`, in the rules' words.
pub(crate) fn refusal<G: PyGame>(slot: &Slot<G>, env: usize, action: i64, count: usize) -> Refusal {
    let spelled =
        usize::try_from(action).ok().filter(|&a| a < count).and_then(|a| G::spell(&slot.game, slot.route(), a));
    let (reason, message) = match &spelled {
        Some(text) => match slot.game.parse_move(text) {
            Err(error) => (error.code(), error.to_string()),
            // The text is a legal move, but not after this route.
            Ok(_) => ("not_on_route", format!("{text} does not go on from the steps chosen so far")),
        },
        None if slot.game.outcome().is_some() => ("game_over", "the game is over".to_owned()),
        None => ("no_action", format!("{action} is no action here (0 to {})", count.saturating_sub(1))),
    };
    Refusal::Illegal { env, action, spelled, reason, message }
}
