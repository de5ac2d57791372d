# arbiter 网页的简体中文目录。Fluent 语法（https://projectfluent.org）。
# 本目录缺少的消息以英文目录（en.ftl）显示。

language-name = 简体中文
language-label = 语言
tagline = 棋类对局裁判
loading = 加载中…
colon = ：
list-separator = 、
and = 和
on = 开
off = 关
anonymous = 匿名
# After a bot account's name: a program plays it.
bot-mark = 机器人
unreachable = 无法连接服务器：请检查网络连接。
unreachable-short = 无法连接服务器

## 数字与时间

count-move = { $n } 步
count-game = { $n } 局
count-rated-game = { $n } 局积分赛
count-second = { $n } 秒
count-minute = { $n } 分钟
count-hour = { $n } 小时
count-day = { $n } 天
clock-none = 不计时
clock-per-move = 每步 { $days }
clock-period = 每 { $moves } { $base }
clock-increment-text = { $time } + { $increment }

## 棋类、双方与座位

game-xiangqi = 中国象棋
game-draughts = 国际跳棋
game-gomoku = 五子棋
game-twixt = 崔克斯（TwixT）
side-red = 红方
side-black = 黑方
side-white = 白方
side-first = 先手
side-second = 后手
seat-first = 先手
seat-second = 后手
computer-name = { $engine }（电脑）
# 中国象棋的着法默认以中文记谱显示。
notation-default = chinese
# 棋盘上的路数，各方从自己的右手数起：红方 一…九，黑方 1…9。
files-xiangqi-first = 一 二 三 四 五 六 七 八 九
files-xiangqi-second = 1 2 3 4 5 6 7 8 9

## 终局

ending-checkmate = 将死
ending-stalemate = 困毙
ending-no-legal-move = 无棋可走
ending-five-in-a-row = 五连
ending-full-board = 棋盘下满
ending-no-legal-point-for-black = 黑方无合法落点
ending-connection = 连通
ending-no-attacking-pieces = 双方均无进攻子力
ending-perpetual-check = 长将
ending-perpetual-chase = 长捉
ending-perpetual-mate-threat = 长杀
ending-perpetual-attack = 长打
ending-repetition = 重复局面
ending-move-limit = 步数限制
ending-threefold-repetition = 三次重复局面
ending-25-moves-of-kings-only = 仅余王棋 25 步
ending-moves-of-kings-only = 仅余王棋着法
ending-first-king = 率先成王
ending-one-king-each = 双方各剩一王
ending-the-endgame-count = 残局计步
ending-time-forfeit = 超时
ending-time = 超时
ending-resignation = 认输
ending-agreement = 协议
ending-aborted = 中止
ending-illegal-move = 违例着法
ending-unreadable-answer = 无法读取的应答
ending-crash = 程序崩溃
ending-stalled = 停滞
ending-adjudication = 裁定
ending-abandonment = 弃局
result-win = { $side }胜（{ $reason }）
result-draw = 和棋（{ $reason }）
result-aborted = 对局已中止
list-aborted = 已中止
list-draw = 和棋（{ $reason }）
you-win = { $result }：你赢了！

## 连珠的禁手

pattern-overline = 长连
pattern-double-four = 四四
pattern-double-three = 三三

## 规则的拒绝（按 API 的稳定代码）

error-no_piece = 着法 { $move } 不成立：起点没有棋子。
error-not_your_piece = 着法 { $move } 不成立：那不是你的棋子。
error-own_piece_there = 着法 { $move } 不成立：目标点有己方棋子。
error-cannot_move_there = 着法 { $move } 不成立：这个棋子不能这样走。
error-capture_compulsory = 着法 { $move } 不成立：必须吃子。
error-nothing_to_capture = 着法 { $move } 不成立：没有可吃的棋子。
error-ambiguous_capture = 着法 { $move } 有多种吃法：请写出经过的格子。
error-not_the_largest_capture = 着法 { $move } 不成立：必须吃最多的子。
error-takes_too_few = 着法 { $move } 不成立：吃子数不够。
error-no_such_route = 着法 { $move } 不成立：没有这样的吃子路线。
error-stops_right_behind_the_king = 着法 { $move } 不成立：王吃王作为最后一子时，必须停在被吃王的紧后一格。
error-same_king_moved_too_often = 着法 { $move } 不成立：这个王已连续走了三步（非吃子），只能吃子，须走别的棋子。
error-off_board = 着法 { $move } 不成立：不在棋盘上。
error-occupied = 着法 { $move } 不成立：该点已有棋子。
error-forbidden = 着法 { $move } 是黑方禁手：形成{ $pattern }。
error-opponents_edge = 着法 { $move } 不成立：不能落在对方的底线上。
error-swap_not_allowed = 现在不能交换。
error-leaves_general_in_check = 着法 { $move } 不成立：走后己方的将（帅）被将军。
error-generals_face = 着法 { $move } 不成立：走后将帅照面。
error-ambiguous = 着法 { $move } 有歧义：请写清楚是哪个棋子。
error-no_move_fits = 没有与 { $move } 相符的着法。
error-outside_zone = 着法 { $move } 不在开局规则允许的范围内。
error-wrong_step = 开局规则此时要求另一种着法，不是 { $move }。
error-not_an_opening = 着法 { $move } 不构成任何一种开局。
error-game_over = 对局已经结束。
error-unreadable = 无法识别着法 { $move }。
error-not_a_point = 着法 { $move } 中有不存在的点。
error-not_your_turn = 还没轮到你。
error-seat_taken = 已有人先加入了这局。
error-sign_in_needed = 积分赛需要登录：请先登录。
error-own_challenge = 这是你自己发起的挑战：等待其他棋手加入。
error-waiting_for_opponent = 后手座位还空着：请等待对手加入。
error-claim_too_soon = 对手可能还会回来：请稍后再判胜。
error-opponent_here = 对手还在：只有对手离开后才能判胜。

## 大厅

play-heading = 下棋
game-label = 棋类
time-control = 时限
opponent-label = 对手
opponent-open = 任何人：在大厅发布公开挑战
opponent-link = 把链接发给某人
opponent-computer = 电脑：{ $engine }
my-seat-label = 我执
movetime-label = 电脑每步用时（秒）
rated-label = 积分赛：向其他已登录棋手发出的公开挑战；双方积分都会变化
more-options = 更多选项
player-name-label = 你的名字（保存在本浏览器；对手和列表中可见）
player-name =
    .placeholder = 匿名
clock-kind-label = 时限（全部选项）
clock-custom = 基本时间、加秒、每段步数…
clock-days = 每步天数（通信赛）…
clock-base = 基本时间（秒）
clock-increment = 每步加秒
clock-moves = 每段步数（空：整局）
clock-moves-input =
    .placeholder = 全部
clock-days-field = 每步天数
create = 创建并开始
open-heading = 公开挑战
playing-heading = 进行中的对局
finished-heading = 已结束的对局
leaders-heading = 排行榜
board-game =
    .aria-label = 棋类
no-open = 暂无公开挑战：在上方创建一个。
none-now = 暂无。
none-yet = 尚无。
no-leaders = 暂无：积分不再是临时积分（RD 不超过 110）后才会上榜。
set-position = 排局
rated = 积分赛
yours = 你的挑战：打开
join = 加入
watch = 观战
replay = 复盘
seat-taken = 有人先加入了这个座位：挑战已不再公开。
sign-in-needed = 积分赛的挑战只能由已登录的棋手加入：请先在上方登录。

## 账户与棋手页面

account-heading = 你的账户
account-hint = 登录后可以下积分赛、保存对局并在个人页面找到它们。不登录也可以下棋。
account-name = 用户名
account-password = 密码
sign-in = 登录
sign-up = 注册账户
signed-in-as = 已登录：
sign-out = 退出登录
played-heading = 下过的对局
more-games = 更多对局
tokens-heading = API 令牌
tokens-hint = 个人 API 令牌让程序代表你行事：
tokens-once = 令牌只在创建时显示一次。
token-label = 标签
make-token = 创建令牌

## 对局页面

board =
    .aria-label = 棋盘
board-name = 棋盘
board-help = 方向键在棋盘上移动；回车或空格选中棋子，再在目标点按下即可走棋。
move-label = 着法
move-play = 走棋
move-help = 用本棋类可识别的任何记谱法输入着法，然后按回车。
claim-win = 判我胜
claim-draw = 判和
resign = 认输
resign-again = 再点一次确认认输
offer-draw = 提和
accept-draw = 同意和棋
decline = 拒绝
offer-takeback = 请求悔棋
accept-takeback = 同意悔棋
abort = 中止
rematch = 再来一局
rematch-asked = 已请求再来一局…
accept-rematch = 同意再来一局
new-same = 同样设置的新对局
invite-text = 用这个链接邀请对手（链接中含有后手座位的令牌）：
copy = 复制
copied = 已复制
moves-heading = 着法记录
notation =
    .aria-label = 记谱法
notation-coordinates = 坐标
notation-wxf = WXF
you-mark = （你）
notation-chinese-traditional = 中文（繁体）
notation-chinese = 中文
step-first = «
    .title = 初始局面（Home）
    .aria-label = 初始局面（Home）
step-back = ‹
    .title = 后退（←）
    .aria-label = 后退（←）
step-forward = ›
    .title = 前进（→）
    .aria-label = 前进（→）
step-last = »
    .title = 当前局面（End）
    .aria-label = 当前局面（End）
last-position = 最后局面
back-to-game = 回到对局
step-help = 第 { $ply } 步后的局面（共 { $moves }）：点击着法，或用 ← → Home End。
step-help-live = 第 { $ply } 步后的局面（共 { $moves }，对局仍在进行）：点击着法，或用 ← → Home End。
position-text = 局面文字描述
flip = 翻转棋盘
sound-on = 声音：开
sound-off = 声音：关
spectators = 观众：
watch-link = 观战链接
record-link = 下载棋谱
settings = 设置
computer = 电脑
computer-plays = { $engine } 执{ $side }，每步 { $seconds } 秒

status-to-move = 轮到{ $side }走棋
status-check = {" — 将军！"}
status-your-turn = {" — 轮到你"}
status-waiting = {" — 等待对手"}
status-computer-thinking = {" — 电脑思考中"}
status-watching = （观战中）
status-open-waiting = {" — 公开挑战：等待有人从大厅加入"}
status-open = {" — 公开挑战"}
game-over = 对局结束。
game-over-step = 对局结束：可在下方逐步查看着法。

computer-declines = 电脑拒绝和棋：请继续。
premove = 预走 { $move }：对手走后如仍合法即自动走出（再点可更改，按 Esc 取消）。
premove-from = 预走起点 { $from }：请点击目标点。
premove-dropped = 预走 { $move } 现在不合法：已取消。
game-over-click = 对局已经结束。
watching-click = 你在观战：只有棋手可以走棋。
point-not-playable = 这个点不能下。
not-your-turn = 还没轮到你。
choose-piece = 请选择一个可以走动的己方棋子。
capture-compulsory = 必须吃子：{ $pieces } 上的棋子必须吃（{ $moves }）。
no-move-between = 没有从 { $from } 到 { $to } 的着法。
opponent-left-claim = 对手已离开对局：你可以判胜、判和，或继续等待。
opponent-left-wait = 对手已离开对局：如果对方不回来，{ $seconds } 秒后你可以判胜。
left-game = { $sides }已离开对局。
first-move-you = 你还有 { $seconds } 秒走第一步，否则对局将中止。
first-move-side = { $side }还有 { $seconds } 秒走第一步，否则对局将中止。
you-offered-draw = 你已提和。
opponent-offers-draw = 对手提和。
side-offers-draw = { $side }提和。
you-asked-takeback = 你已请求悔棋。
opponent-asks-takeback = 对手请求悔棋。
side-asks-takeback = { $side }请求悔棋。
game-gone = 服务器上已没有这局棋。
reconnected = 已重新连接。
connection-lost = 实时连接已断开：正在重新连接…
trying-again = { $why }：{ $seconds } 秒后重试…

## 棋手页面

rating-chart = 积分走势，共 { $games }，现在 { $rating }
no-rated-game = 尚无积分赛。
provisional = ?（临时积分）
player-win = 胜（{ $reason }）
player-loss = 负（{ $reason }）
player-draw = 和（{ $reason }）
playing-against = 执{ $side }，对手
nobody-yet = 尚无人加入
waiting-for-opponent = 等待对手
your-turn = 轮到你
their-turn = 轮到对方
opponents-turn = 轮到对手
none = 无。
token-used = 最近使用 { $when }
token-unused = 从未使用
token-made = 创建于 { $when }
revoke = 吊销
token-new = 你的新令牌（现在就复制，之后不再显示）：{ $token }
no-such-player = 没有这个名字的棋手。

## 五子棋的开局规则

opening-swap = 交换颜色
opening-plus-two = +2：再下两子，然后由对手选择颜色
opening-declare = 宣布 { $n } 个第五手打点
opening-offer = 以 { $point } 作为第五手打点
opening-choose = 选 { $point } 为第五手
opening-stone = 落子于 { $point }
opening-yours = 你的决定
opening-opponents = 对手的决定
opening-sides = { $side }的决定
opening-colors = （现在先手执{ $first }，后手执{ $second }）

## 朗读与文字描述

announce-move = { $side }：{ $move }。
announce-check = 将军！
empty-point = 空
point-targets = 可走到 { $targets }
point-playable = 可落子
picked = 已选中：{ $point }。请选择目标点。
empty-board = 棋盘上没有棋子。
piece-red-general = 红帅
piece-red-advisor = 红仕
piece-red-elephant = 红相
piece-red-horse = 红马
piece-red-chariot = 红车
piece-red-cannon = 红炮
piece-red-soldier = 红兵
piece-black-general = 黑将
piece-black-advisor = 黑士
piece-black-elephant = 黑象
piece-black-horse = 黑马
piece-black-chariot = 黑车
piece-black-cannon = 黑炮
piece-black-soldier = 黑卒
piece-man-white = 白兵
piece-man-black = 黑兵
piece-king-white = 白王
piece-king-black = 黑王
piece-stone-black = 黑子
piece-stone-white = 白子
piece-peg-black = 黑桩
piece-peg-white = 白桩

## 对局选项（option-棋类-选项，或各棋类通用的 option-选项）

option-fen = 初始局面（FEN）
option-xiangqi-rules = 重复局面与步数限制的规则（axf：亚洲象棋联合会；chinese：中国象棋协会）
option-move-limit = 双方均未吃子即判和的步数，规则默认 60（0：不限）
option-chase-rules = 亚象规则中有争议的捉子条文的解读（仅在 axf 规则下；axf：按规则书；engines：同 Pikafish 与 Fairy-Stockfish）
option-draughts-rules = 规则
option-captures = 同一批棋子以不同次序吃掉的吃法（merged：算一着；apart：每种次序各算一着）
option-gomoku-rules = 规则
option-size = 棋盘大小（每边点数）
option-rows = 行数
option-cols = 列数
option-board = 初始局面（自上而下各行以 / 连接：x 黑，o 白，. 空）
option-opening = 开局规则（另有 soosorv-N 与 taraguchi-N，N 为 1 至 12）
option-twixt-rules = 规则（pp：Little Golem 规则，己方连线可交叉）
option-swap = 交换规则

## 对局批次页面（由服务器生成）

runs-title = arbiter 对局批次
runs-heading = 对局批次
runs-run-title = 批次 { $name }
runs-back = 全部批次
runs-none = 尚无批次：用 arbiter match --database ... --run 名称 开始一个
runs-versus = { $first } 对 { $second }
runs-games-of = { $games } / { $scheduled }
runs-wdl = 胜 和 负
runs-pairs = 按得分的对数 0、½、1、1½、2
runs-workers-now = 当前工作进程
runs-no-workers = 无
runs-plot = LLR 随局数的变化
runs-plot-games = { $games } 局
runs-games = 对局
runs-every-record = 全部棋谱
runs-download = 下载
runs-status-h1 = 已结束：接受 H1
runs-status-h0 = 已结束：接受 H0
runs-status-games = 已结束：全部对局已下完
runs-status-stopped = 已停止
runs-status-running = 进行中
runs-status-finished = 已结束
runs-column-run = 批次
runs-column-game = 棋类
runs-column-engines = 引擎
runs-column-time-control = 时限
runs-column-games = 局数
runs-column-w = 胜
runs-column-d = 和
runs-column-l = 负
runs-column-pairs = 对数 0–2
runs-column-elo = Elo
runs-column-llr = LLR（界限）
runs-column-workers = 工作进程
runs-column-status = 状态
runs-column-pair = 对
runs-column-first = 先手
runs-column-second = 后手
runs-column-result = 结果
runs-column-ending = 终局
runs-column-plies = 步数
runs-column-worker = 工作进程
runs-column-record = 棋谱
