# arbiter's page in English: the catalog every other language falls back on.
# Fluent syntax (https://projectfluent.org); the subset the page reads is described
# in docs/languages.md. A message another catalog lacks is shown from this one.

language-name = English
language-label = Language
tagline = a referee for board games
loading = Loading…
colon = {": "}
list-separator = {", "}
and = {" and "}
on = on
off = off
anonymous = anonymous
# After a bot account's name: a program plays it.
bot-mark = BOT
unreachable = The server cannot be reached: check your connection.
unreachable-short = The server cannot be reached

## Words for numbers and time

count-move = { $n ->
    [one] { $n } move
   *[other] { $n } moves
    }
count-game = { $n ->
    [one] { $n } game
   *[other] { $n } games
    }
count-rated-game = { $n ->
    [one] { $n } rated game
   *[other] { $n } rated games
    }
count-second = { $n ->
    [one] { $n } second
   *[other] { $n } seconds
    }
count-minute = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
    }
count-hour = { $n ->
    [one] { $n } hour
   *[other] { $n } hours
    }
count-day = { $n ->
    [one] { $n } day
   *[other] { $n } days
    }
clock-none = none
clock-per-move = { $days } per move
clock-period = { $base } for every { $moves }
clock-increment-text = { $time } + { $increment }

## Games, sides and seats

game-xiangqi = Xiangqi
game-draughts = Draughts
game-gomoku = Gomoku
game-twixt = TwixT
side-red = Red
side-black = Black
side-white = White
side-first = First
side-second = Second
seat-first = first
seat-second = second
computer-name = { $engine } (computer)

## Endings: a termination's name, `ending-` and its words joined by hyphens

ending-checkmate = checkmate
ending-stalemate = stalemate
ending-no-legal-move = no legal move
ending-five-in-a-row = five in a row
ending-full-board = full board
ending-no-legal-point-for-black = no legal point for Black
ending-connection = connection
ending-no-attacking-pieces = no attacking pieces
ending-perpetual-check = perpetual check
ending-perpetual-chase = perpetual chase
ending-perpetual-mate-threat = perpetual mate threat
ending-perpetual-attack = perpetual attack
ending-repetition = repetition
ending-move-limit = move limit
ending-threefold-repetition = threefold repetition
ending-25-moves-of-kings-only = 25 moves of kings only
ending-moves-of-kings-only = moves of kings only
ending-first-king = first king
ending-one-king-each = one king each
ending-the-endgame-count = the endgame count
ending-time-forfeit = time forfeit
ending-time = time
ending-resignation = resignation
ending-agreement = agreement
ending-aborted = aborted
ending-illegal-move = illegal move
ending-unreadable-answer = unreadable answer
ending-crash = crash
ending-stalled = stalled
ending-adjudication = adjudication
ending-abandonment = abandonment
result-win = { $side } wins by { $reason }
result-draw = Draw by { $reason }
result-aborted = The game was aborted
list-aborted = aborted
list-draw = draw by { $reason }
you-win = { $result }: you win!

## Renju's forbidden patterns

pattern-overline = an overline
pattern-double-four = a double four
pattern-double-three = a double three

## The lobby

play-heading = Play
game-label = Game
time-control = Time control
opponent-label = Opponent
opponent-open = anyone: an open challenge in this lobby
opponent-link = a person you send a link
opponent-computer = the computer: { $engine }
my-seat-label = I play
movetime-label = Computer's seconds a move
rated-label = Rated: both ratings change (an open challenge waits for another signed-in player; a bot challenged below plays it rated too)
more-options = More options
player-name-label = Your name (kept by this browser; shown to your opponent and in the lists)
player-name =
    .placeholder = anonymous
clock-kind-label = Time control, all choices
clock-custom = base, increment, moves a period…
clock-days = days per move (correspondence)…
clock-base = Base (seconds)
clock-increment = Increment (seconds)
clock-moves = Moves a period (empty: the whole game)
clock-moves-input =
    .placeholder = all
clock-days-field = Days per move
create = Create and play
open-heading = Open challenges
playing-heading = Games in play
finished-heading = Finished games
leaders-heading = Leaderboards
board-game =
    .aria-label = game
no-open = No open challenge: create one above.
none-now = None now.
none-yet = None yet.
no-leaders = Nobody yet: a rating counts once it is not provisional (RD at most 110).
set-position = set position
rated = rated
yours = Yours: open it
join = Join
watch = Watch
replay = Replay
seat-taken = Someone else took that seat first: the challenge is no longer open.
sign-in-needed = A rated challenge is joined by a signed-in player: sign in above first.

## Accounts and players' pages

account-heading = Your account
account-hint = Sign in to play rated games, keep your games and find them again from your page. Playing without an account stays possible.
account-name = Name
account-password = Password
sign-in = Sign in
sign-up = Create an account
signed-in-as = Signed in as
sign-out = Sign out
played-heading = Games played
more-games = More games
tokens-heading = API tokens
tokens-hint = A personal API token lets a program act as you:
tokens-once = It is shown once, when made.
token-label = Label
make-token = Make a token

## The game page

board =
    .aria-label = board
board-name = board
board-help = Arrow keys walk the board; Enter or Space picks a piece and plays it where it goes.
move-label = Move
move-play = Play
move-help = Type a move in any notation the game reads, then Enter.
claim-win = Claim the win
claim-draw = Call it a draw
resign = Resign
resign-again = Click again to resign
offer-draw = Offer a draw
accept-draw = Accept the draw
decline = Decline
offer-takeback = Ask to take back
accept-takeback = Accept the takeback
abort = Abort
rematch = Rematch
rematch-asked = Rematch asked…
accept-rematch = Accept the rematch
new-same = New game, same settings
invite-text = Invite your opponent with this link (it carries the second seat's token):
copy = Copy
copied = Copied
moves-heading = Moves
notation =
    .aria-label = notation
notation-coordinates = coordinates
notation-wxf = WXF
you-mark = {" (you)"}
notation-chinese-traditional = Chinese (traditional characters)
notation-chinese = Chinese
step-first = «
    .title = first position (Home)
    .aria-label = first position (Home)
step-back = ‹
    .title = back (←)
    .aria-label = back (←)
step-forward = ›
    .title = forward (→)
    .aria-label = forward (→)
step-last = »
    .title = the game now (End)
    .aria-label = the game now (End)
last-position = The last position
back-to-game = Back to the game
step-help = Position after { $ply } of { $moves }: click a move, or use ← → Home End.
step-help-live = Position after { $ply } of { $moves } (the game goes on): click a move, or use ← → Home End.
position-text = The position in words
flip = Turn the board
sound-on = Sound on
sound-off = Sound off
spectators = Spectators:
watch-link = watch link
record-link = Download the record
settings = Settings
computer = Computer
computer-plays = { $engine } plays { $side }, { $seconds } s a move

status-to-move = { $side } to move
status-check = {" — check!"}
status-your-turn = {" — your turn"}
status-waiting = {" — waiting for your opponent"}
status-computer-thinking = {" — the computer is thinking"}
status-watching = {" (watching)"}
status-open-waiting = {" — an open challenge: waiting for someone to join from the lobby"}
status-open = {" — an open challenge"}
game-over = Game over.
game-over-step = Game over: step through its moves below.

computer-declines = The computer declines the draw: play on.
premove = Premove { $move }: played when your opponent has moved, if legal then (click again to change it, Escape to drop it).
premove-from = Premove from { $from }: click where it goes.
premove-dropped = The premove { $move } is not legal now: dropped.
game-over-click = The game is over.
watching-click = You are watching: only the players move.
point-not-playable = That point cannot be played.
not-your-turn = It is not your turn.
choose-piece = Choose one of your pieces that can move.
capture-compulsory = A capture is compulsory: the piece on { $pieces } must take ({ $moves }).
no-move-between = No move goes from { $from } to { $to }.
opponent-left-claim = Your opponent has left the game: claim the win, call it a draw, or wait for them.
opponent-left-wait = Your opponent has left the game: you may claim it in { $seconds } s if they do not come back.
left-game = { $sides } left the game.
first-move-you = You have { $seconds } s to make a first move, or the game is aborted.
first-move-side = { $side } has { $seconds } s to make a first move, or the game is aborted.
you-offered-draw = You offered a draw.
opponent-offers-draw = Your opponent offers a draw.
side-offers-draw = { $side } offers a draw.
you-asked-takeback = You asked to take back your last move.
opponent-asks-takeback = Your opponent asks to take back their last move.
side-asks-takeback = { $side } asks to take back a move.
game-gone = This game no longer exists on the server.
reconnected = Reconnected.
connection-lost = The live connection was lost: reconnecting…
trying-again = { $why }: trying again in { $seconds } s…

## Players' pages

rating-chart = rating over { $games }, now { $rating }
no-rated-game = No rated game yet.
provisional = ? (provisional)
player-win = won by { $reason }
player-loss = lost by { $reason }
player-draw = draw by { $reason }
playing-against = { $side } against
nobody-yet = nobody yet
waiting-for-opponent = waiting for an opponent
your-turn = your turn
their-turn = their turn
opponents-turn = the opponent's turn
none = None.
token-used = last used { $when }
token-unused = never used
token-made = made { $when }
revoke = Revoke
token-new = Your new token (copy it now, it is not shown again): { $token }
no-such-player = No player has that name.

## Gomoku's opening rules

opening-swap = Swap colours
opening-plus-two = +2: place two more stones, then your opponent chooses the colour
opening-declare = { $n ->
    [one] Declare { $n } fifth-move offer
   *[other] Declare { $n } fifth-move offers
    }
opening-offer = Offer { $point } as a fifth move
opening-choose = Choose { $point } as the fifth move
opening-stone = Stone on { $point }
opening-yours = Your decision
opening-opponents = Your opponent's decision
opening-sides = { $side }'s decision
opening-colors = {" "}(now the first seat plays { $first }, the second { $second })

## The board read aloud and in words

announce-move = { $side }: { $move }.
announce-check = Check!
empty-point = empty
point-targets = moves to { $targets }
point-playable = playable
picked = Picked up: { $point }. Now choose where it goes.
empty-board = No pieces on the board.
piece-red-general = Red general
piece-red-advisor = Red advisor
piece-red-elephant = Red elephant
piece-red-horse = Red horse
piece-red-chariot = Red chariot
piece-red-cannon = Red cannon
piece-red-soldier = Red soldier
piece-black-general = Black general
piece-black-advisor = Black advisor
piece-black-elephant = Black elephant
piece-black-horse = Black horse
piece-black-chariot = Black chariot
piece-black-cannon = Black cannon
piece-black-soldier = Black soldier
piece-man-white = White man
piece-man-black = Black man
piece-king-white = White king
piece-king-black = Black king
piece-stone-black = Black stone
piece-stone-white = White stone
piece-peg-black = Black peg
piece-peg-white = White peg

## The runs pages (written by the server)

runs-title = arbiter runs
runs-heading = Runs
runs-run-title = run { $name }
runs-back = runs
runs-none = no run yet: start one with arbiter match --database ... --run NAME
runs-versus = { $first } vs { $second }
runs-games-of = { $games } of { $scheduled }
runs-wdl = W D L
runs-pairs = pairs by points 0, ½, 1, 1½, 2
runs-workers-now = workers now
runs-no-workers = none
runs-plot = LLR against games
runs-plot-games = { $games } games
runs-games = Games
runs-every-record = every record
runs-download = download
runs-status-h1 = finished: H1 accepted
runs-status-h0 = finished: H0 accepted
runs-status-games = finished: every game played
runs-status-stopped = stopped
runs-status-running = running
runs-status-finished = finished
runs-column-run = run
runs-column-game = game
runs-column-engines = engines
runs-column-time-control = time control
runs-column-games = games
runs-column-w = W
runs-column-d = D
runs-column-l = L
runs-column-pairs = pairs 0–2
runs-column-elo = Elo
runs-column-llr = LLR (bounds)
runs-column-workers = workers
runs-column-status = status
runs-column-pair = pair
runs-column-first = first
runs-column-second = second
runs-column-result = result
runs-column-ending = ending
runs-column-plies = plies
runs-column-worker = worker
runs-column-record = record

## Tournaments: the lobby's list and form, a tournament's page

count-round = { $n ->
    [one] { $n } round
   *[other] { $n } rounds
    }
count-player = { $n ->
    [one] { $n } player
   *[other] { $n } players
    }
tournaments-heading = Tournaments
tournament-heading = Tournament
tournaments-upcoming = Upcoming
tournaments-running = Running
tournaments-finished = Finished
no-tournaments-upcoming = None now: create one below.
tournament-new = Create a tournament
tournament-sign-in = Sign in (below) to create a tournament.
tournament-uses-play = Its games take the game, options and time control chosen under Play above; a tournament needs a clock.
tournament-name = Name
tournament-system = System
system-swiss-option = Swiss: a set number of rounds, players paired by score
system-arena-option = Arena: a set time, a new game as soon as one ends
tournament-rounds = Rounds
tournament-minutes = Length (minutes)
tournament-starts-in = Starts in (minutes; 0: now)
tournament-rated = Rated: its games change the players' ratings
tournament-create = Create the tournament
system-swiss = Swiss, { $rounds }
system-arena = Arena, { $length }
tournament-status-created = upcoming
tournament-status-running = running
tournament-status-round = round { $round } of { $rounds }
tournament-status-finished = finished
tournament-starts = starts { $when }
tournament-started = started { $when }
tournament-starts-soon = starts { $when } (in { $time })
tournament-time-left = { $time } left
made-by = made by { $name }
tournament-join = Join
tournament-withdraw = Withdraw
tournament-you-play = You play in this tournament: your games open from the rounds below when they are paired.
tournament-your-game = Your game of round { $round }, against { $opponent }, is on: play it
tournament-sign-in-to-join = Sign in to join
tournament-records = Download the records of its games
no-such-tournament = No tournament has that address.
standings-heading = Standings
rounds-heading = Rounds
round-caption = Round { $round }
column-rank = Rank
column-player = Player
column-rating = Rating
column-score = Points
column-wins = W
column-wins-full = wins
column-draws = D
column-draws-full = draws
column-losses = L
column-losses-full = losses
column-buchholz = Buch.
column-buchholz-full = Buchholz: the opponents' points
column-sb = S-B
column-sb-full = Sonneborn-Berger: the points of the opponents beaten, and half of those drawn with
column-fire = Streak
column-fire-full = on a streak: after two wins in a row, a game's points count double
fire-yes = on a streak
column-board = Board
column-first = First
column-result = Result
column-second = Second
column-game = Game
result-bye = bye
result-playing = playing
game-link = round { $round }, { $first } against { $second }
withdrawn-mark = (withdrawn)
no-players-yet = Nobody has joined yet.
no-rounds-yet = The first round is paired when the tournament starts.
standings-note-swiss = A win is 1 point, a draw ½; ties are broken by Buchholz, then Sonneborn-Berger.
standings-note-arena = A win is 2 points, a draw 1; after two wins in a row, a game's points count double until a game is not won.
standings-note-unplayed = A bye or a game the opponent did not come to counts as a win not played.
error-bad_tournament_name = A tournament's name is 1 to 64 characters.
error-bad_rounds = A Swiss has 1 to 30 rounds.
error-bad_length = An arena lasts from 10 seconds to 24 hours.
error-bad_start = A tournament starts within 30 days from now.
error-clock_needed = A tournament's games need a clock: choose a time control under Play.
error-tournament_over = This tournament is over, or its last round is already paired.
error-not_in_tournament = You do not play in this tournament.
error-too_many_tournaments = You have as many tournaments to come or going on as one account may have (10).
error-no_such_tournament = No tournament has that address.

## The lobby's bots and challenges

bots-heading = Bots
bots-hint = A bot is a program with an account. Challenge one to the game, options and time control chosen under Play (ticking Rated there makes the game rated); you play the side drawn by lot.
bots-sign-in = Sign in (below) to challenge a bot and to answer the challenges sent to you.
bot-list-heading = Bots to challenge
challenges-incoming = Challenges to you
challenges-outgoing = Your challenges
no-bots = No bots yet.
no-challenges-incoming = Nobody is challenging you.
no-challenges-outgoing = No challenges sent yet.
bot-online = online
bot-offline = offline
bot-games = plays { $games }
bot-no-games = no games played yet
bot-rating = { $game } rating { $rating }
bot-unrated = not rated in { $game }
challenge-bot = Challenge
challenge-bot-label = Challenge { $name }: { $what }
challenge-from = { $name } challenges you:
challenge-to = To { $name }:
challenge-untimed = untimed
challenge-colour-random = sides drawn by lot
challenge-you-play = you play { $side }
challenge-pending = waiting for an answer
challenge-accepted = accepted
challenge-declined = declined: { $reason }
challenge-canceled = called off
challenge-expired = expired unanswered
challenge-cancel = Cancel
challenge-cancel-label = Cancel the challenge to { $name }
challenge-accept = Accept
challenge-accept-label = Accept the challenge from { $name }
challenge-decline-label = Decline the challenge from { $name }
challenge-open-game = Open the game
news-sent = Challenge sent to { $name }: waiting for an answer.
news-accepted = { $name } accepted your challenge: opening the game…
news-declined = { $name } declined your challenge: { $reason }
news-expired = Your challenge to { $name } expired unanswered.
news-incoming = { $name } challenges you: { $what }.
news-canceled = Your challenge to { $name } is called off.
news-you-declined = You declined the challenge from { $name }.
error-no_such_player = No player has that name.
error-challenge_not_pending = That challenge has already been answered, called off or has expired.
error-not_your_challenge = That challenge is not yours to answer.
error-no_such_challenge = No such challenge.
error-too_many_challenges = Too many challenges in a minute: wait a little and try again.
error-too_many_games = That bot is playing as many games as it may at once: try again in a minute.
error-challenge_with_computer = A challenge is to a player, not to the computer.
