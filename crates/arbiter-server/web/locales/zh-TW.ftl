# arbiter 網頁的繁體中文（臺灣）目錄。Fluent 語法（https://projectfluent.org）。
# 本目錄缺少的訊息以英文目錄（en.ftl）顯示。

language-name = 繁體中文（臺灣）
language-label = 語言
tagline = 棋類對局裁判
loading = 載入中…
colon = ：
list-separator = 、
and = 和
on = 開
off = 關
anonymous = 匿名
# After a bot account's name: a program plays it.
bot-mark = 機器人
unreachable = 無法連線伺服器：請檢查網路連線。
unreachable-short = 無法連線伺服器

## 數字與時間

count-move = { $n } 步
count-game = { $n } 局
count-rated-game = { $n } 局積分賽
count-second = { $n } 秒
count-minute = { $n } 分鐘
count-hour = { $n } 小時
count-day = { $n } 天
clock-none = 不計時
clock-per-move = 每步 { $days }
clock-period = 每 { $moves } { $base }
clock-increment-text = { $time } + { $increment }

## 棋類、雙方與座位

game-xiangqi = 象棋
game-draughts = 國際跳棋
game-gomoku = 五子棋
game-twixt = 崔克斯（TwixT）
side-red = 紅方
side-black = 黑方
side-white = 白方
side-first = 先手
side-second = 後手
seat-first = 先手
seat-second = 後手
computer-name = { $engine }（電腦）
# 象棋的著法預設以中文記譜顯示。
notation-default = chinese-traditional
# 棋盤上的路數，各方從自己的右手數起：紅方 一…九，黑方 1…9。
files-xiangqi-first = 一 二 三 四 五 六 七 八 九
files-xiangqi-second = 1 2 3 4 5 6 7 8 9

## 終局

ending-checkmate = 將死
ending-stalemate = 困斃
ending-no-legal-move = 無棋可走
ending-five-in-a-row = 五連
ending-full-board = 棋盤下滿
ending-no-legal-point-for-black = 黑方無合法落點
ending-connection = 連通
ending-no-attacking-pieces = 雙方均無進攻子力
ending-perpetual-check = 長將
ending-perpetual-chase = 長捉
ending-perpetual-mate-threat = 長殺
ending-perpetual-attack = 長打
ending-repetition = 重複局面
ending-move-limit = 步數限制
ending-threefold-repetition = 三次重複局面
ending-25-moves-of-kings-only = 僅餘王棋 25 步
ending-moves-of-kings-only = 僅餘王棋著法
ending-first-king = 率先成王
ending-one-king-each = 雙方各剩一王
ending-the-endgame-count = 殘局計步
ending-time-forfeit = 超時
ending-time = 超時
ending-resignation = 認輸
ending-agreement = 協議
ending-aborted = 中止
ending-illegal-move = 違例著法
ending-unreadable-answer = 無法讀取的應答
ending-crash = 程式當機
ending-stalled = 停滯
ending-adjudication = 裁定
ending-abandonment = 棄局
result-win = { $side }勝（{ $reason }）
result-draw = 和棋（{ $reason }）
result-aborted = 對局已中止
list-aborted = 已中止
list-draw = 和棋（{ $reason }）
you-win = { $result }：你贏了！

## 連珠的禁手

pattern-overline = 長連
pattern-double-four = 四四
pattern-double-three = 三三

## 規則的拒絕（按 API 的穩定代碼）

error-no_piece = 著法 { $move } 不成立：起點沒有棋子。
error-not_your_piece = 著法 { $move } 不成立：那不是你的棋子。
error-own_piece_there = 著法 { $move } 不成立：目標點有己方棋子。
error-cannot_move_there = 著法 { $move } 不成立：這個棋子不能這樣走。
error-capture_compulsory = 著法 { $move } 不成立：必須吃子。
error-nothing_to_capture = 著法 { $move } 不成立：沒有可吃的棋子。
error-ambiguous_capture = 著法 { $move } 有多種吃法：請寫出經過的格子。
error-not_the_largest_capture = 著法 { $move } 不成立：必須吃最多的子。
error-takes_too_few = 著法 { $move } 不成立：吃子數不夠。
error-no_such_route = 著法 { $move } 不成立：沒有這樣的吃子路線。
error-stops_right_behind_the_king = 著法 { $move } 不成立：王吃王作為最後一子時，必須停在被吃王的緊後一格。
error-same_king_moved_too_often = 著法 { $move } 不成立：這個王已連續走了三步（非吃子），只能吃子，須走別的棋子。
error-off_board = 著法 { $move } 不成立：不在棋盤上。
error-occupied = 著法 { $move } 不成立：該點已有棋子。
error-forbidden = 著法 { $move } 是黑方禁手：形成{ $pattern }。
error-opponents_edge = 著法 { $move } 不成立：不能落在對方的底線上。
error-swap_not_allowed = 現在不能交換。
error-leaves_general_in_check = 著法 { $move } 不成立：走後己方的將（帥）被將軍。
error-generals_face = 著法 { $move } 不成立：走後將帥照面。
error-ambiguous = 著法 { $move } 有歧義：請寫清楚是哪個棋子。
error-no_move_fits = 沒有與 { $move } 相符的著法。
error-outside_zone = 著法 { $move } 不在開局規則允許的範圍內。
error-wrong_step = 開局規則此時要求另一種著法，不是 { $move }。
error-not_an_opening = 著法 { $move } 不構成任何一種開局。
error-game_over = 對局已經結束。
error-unreadable = 無法識別著法 { $move }。
error-not_a_point = 著法 { $move } 中有不存在的點。
error-not_your_turn = 還沒輪到你。
error-seat_taken = 已有人先加入了這局。
error-sign_in_needed = 積分賽需要登入：請先登入。
error-own_challenge = 這是你自己發起的挑戰：等待其他棋手加入。
error-waiting_for_opponent = 後手座位還空著：請等待對手加入。
error-claim_too_soon = 對手可能還會回來：請稍後再判勝。
error-opponent_here = 對手還在：只有對手離開後才能判勝。

## 大廳

play-heading = 下棋
game-label = 棋類
time-control = 時限
opponent-label = 對手
opponent-open = 任何人：在大廳發佈公開挑戰
opponent-link = 把連結傳給某人
opponent-computer = 電腦：{ $engine }
my-seat-label = 我執
movetime-label = 電腦每步用時（秒）
rated-label = 積分賽：向其他已登入棋手發出的公開挑戰；雙方積分都會變化
more-options = 更多選項
player-name-label = 你的名字（儲存在本瀏覽器；對手和列表中可見）
player-name =
    .placeholder = 匿名
clock-kind-label = 時限（全部選項）
clock-custom = 基本時間、加秒、每段步數…
clock-days = 每步天數（通訊賽）…
clock-base = 基本時間（秒）
clock-increment = 每步加秒
clock-moves = 每段步數（空：整局）
clock-moves-input =
    .placeholder = 全部
clock-days-field = 每步天數
create = 建立並開始
open-heading = 公開挑戰
playing-heading = 進行中的對局
finished-heading = 已結束的對局
leaders-heading = 排行榜
board-game =
    .aria-label = 棋類
no-open = 暫無公開挑戰：在上方建立一個。
none-now = 暫無。
none-yet = 尚無。
no-leaders = 暫無：積分不再是臨時積分（RD 不超過 110）後才會上榜。
set-position = 排局
rated = 積分賽
yours = 你的挑戰：開啟
join = 加入
watch = 觀戰
replay = 復盤
seat-taken = 有人先加入了這個座位：挑戰已不再公開。
sign-in-needed = 積分賽的挑戰只能由已登入的棋手加入：請先在上方登入。

## 帳戶與棋手頁面

account-heading = 你的帳戶
account-hint = 登入後可以下積分賽、儲存對局並在個人頁面找到它們。不登入也可以下棋。
account-name = 使用者名稱
account-password = 密碼
sign-in = 登入
sign-up = 註冊帳戶
signed-in-as = 已登入：
sign-out = 登出
played-heading = 下過的對局
more-games = 更多對局
tokens-heading = API 權杖
tokens-hint = 個人 API 權杖讓程式代表你行事：
tokens-once = 權杖只在建立時顯示一次。
token-label = 標籤
make-token = 建立權杖

## 對局頁面

board =
    .aria-label = 棋盤
board-name = 棋盤
board-help = 方向鍵在棋盤上移動；Enter 或空白鍵選取棋子，再在目標點按下即可走棋。
move-label = 著法
move-play = 走棋
move-help = 用本棋類可識別的任何記譜法輸入著法，然後按 Enter。
claim-win = 判我勝
claim-draw = 判和
resign = 認輸
resign-again = 再點一次確認認輸
offer-draw = 提和
accept-draw = 同意和棋
decline = 拒絕
offer-takeback = 請求悔棋
accept-takeback = 同意悔棋
abort = 中止
rematch = 再來一局
rematch-asked = 已請求再來一局…
accept-rematch = 同意再來一局
new-same = 同樣設定的新對局
invite-text = 用這個連結邀請對手（連結中含有後手座位的權杖）：
copy = 複製
copied = 已複製
moves-heading = 著法紀錄
notation =
    .aria-label = 記譜法
notation-coordinates = 座標
notation-wxf = WXF
you-mark = （你）
notation-chinese-traditional = 中文（繁體）
notation-chinese = 中文
step-first = «
    .title = 初始局面（Home）
    .aria-label = 初始局面（Home）
step-back = ‹
    .title = 後退（←）
    .aria-label = 後退（←）
step-forward = ›
    .title = 前進（→）
    .aria-label = 前進（→）
step-last = »
    .title = 目前局面（End）
    .aria-label = 目前局面（End）
last-position = 最後局面
back-to-game = 回到對局
step-help = 第 { $ply } 步後的局面（共 { $moves }）：點擊著法，或用 ← → Home End。
step-help-live = 第 { $ply } 步後的局面（共 { $moves }，對局仍在進行）：點擊著法，或用 ← → Home End。
position-text = 局面文字描述
flip = 翻轉棋盤
sound-on = 聲音：開
sound-off = 聲音：關
spectators = 觀眾：
watch-link = 觀戰連結
record-link = 下載棋譜
settings = 設定
computer = 電腦
computer-plays = { $engine } 執{ $side }，每步 { $seconds } 秒

status-to-move = 輪到{ $side }走棋
status-check = {" — 將軍！"}
status-your-turn = {" — 輪到你"}
status-waiting = {" — 等待對手"}
status-computer-thinking = {" — 電腦思考中"}
status-watching = （觀戰中）
status-open-waiting = {" — 公開挑戰：等待有人從大廳加入"}
status-open = {" — 公開挑戰"}
game-over = 對局結束。
game-over-step = 對局結束：可在下方逐步查看著法。

computer-declines = 電腦拒絕和棋：請繼續。
premove = 預走 { $move }：對手走後如仍合法即自動走出（再點可更改，按 Esc 取消）。
premove-from = 預走起點 { $from }：請點擊目標點。
premove-dropped = 預走 { $move } 現在不合法：已取消。
game-over-click = 對局已經結束。
watching-click = 你在觀戰：只有棋手可以走棋。
point-not-playable = 這個點不能下。
not-your-turn = 還沒輪到你。
choose-piece = 請選擇一個可以走動的己方棋子。
capture-compulsory = 必須吃子：{ $pieces } 上的棋子必須吃（{ $moves }）。
no-move-between = 沒有從 { $from } 到 { $to } 的著法。
opponent-left-claim = 對手已離開對局：你可以判勝、判和，或繼續等待。
opponent-left-wait = 對手已離開對局：如果對方不回來，{ $seconds } 秒後你可以判勝。
left-game = { $sides }已離開對局。
first-move-you = 你還有 { $seconds } 秒走第一步，否則對局將中止。
first-move-side = { $side }還有 { $seconds } 秒走第一步，否則對局將中止。
you-offered-draw = 你已提和。
opponent-offers-draw = 對手提和。
side-offers-draw = { $side }提和。
you-asked-takeback = 你已請求悔棋。
opponent-asks-takeback = 對手請求悔棋。
side-asks-takeback = { $side }請求悔棋。
game-gone = 伺服器上已沒有這局棋。
reconnected = 已重新連線。
connection-lost = 即時連線已中斷：正在重新連線…
trying-again = { $why }：{ $seconds } 秒後重試…

## 棋手頁面

rating-chart = 積分走勢，共 { $games }，目前 { $rating }
no-rated-game = 尚無積分賽。
provisional = ?（臨時積分）
player-win = 勝（{ $reason }）
player-loss = 負（{ $reason }）
player-draw = 和（{ $reason }）
playing-against = 執{ $side }，對手
nobody-yet = 尚無人加入
waiting-for-opponent = 等待對手
your-turn = 輪到你
their-turn = 輪到對方
opponents-turn = 輪到對手
none = 無。
token-used = 最近使用 { $when }
token-unused = 從未使用
token-made = 建立於 { $when }
revoke = 撤銷
token-new = 你的新權杖（現在就複製，之後不再顯示）：{ $token }
no-such-player = 沒有這個名字的棋手。

## 五子棋的開局規則

opening-swap = 交換顏色
opening-plus-two = +2：再下兩子，然後由對手選擇顏色
opening-declare = 宣布 { $n } 個第五手打點
opening-offer = 以 { $point } 作為第五手打點
opening-choose = 選 { $point } 為第五手
opening-stone = 落子於 { $point }
opening-yours = 你的決定
opening-opponents = 對手的決定
opening-sides = { $side }的決定
opening-colors = （現在先手執{ $first }，後手執{ $second }）

## 朗讀與文字描述

announce-move = { $side }：{ $move }。
announce-check = 將軍！
empty-point = 空
point-targets = 可走到 { $targets }
point-playable = 可落子
picked = 已選取：{ $point }。請選擇目標點。
empty-board = 棋盤上沒有棋子。
piece-red-general = 紅帥
piece-red-advisor = 紅仕
piece-red-elephant = 紅相
piece-red-horse = 紅傌
piece-red-chariot = 紅俥
piece-red-cannon = 紅炮
piece-red-soldier = 紅兵
piece-black-general = 黑將
piece-black-advisor = 黑士
piece-black-elephant = 黑象
piece-black-horse = 黑馬
piece-black-chariot = 黑車
piece-black-cannon = 黑包
piece-black-soldier = 黑卒
piece-man-white = 白兵
piece-man-black = 黑兵
piece-king-white = 白王
piece-king-black = 黑王
piece-stone-black = 黑子
piece-stone-white = 白子
piece-peg-black = 黑樁
piece-peg-white = 白樁

## 對局選項（option-棋類-選項，或各棋類通用的 option-選項）

option-fen = 初始局面（FEN）
option-xiangqi-rules = 重複局面與步數限制的規則（axf：亞洲象棋聯合會；chinese：中國象棋協會）
option-move-limit = 雙方均未吃子即判和的步數，規則預設 60（0：不限）
option-chase-rules = 亞象規則中有爭議的捉子條文的解讀（僅在 axf 規則下；axf：按規則書；engines：同 Pikafish 與 Fairy-Stockfish）
option-draughts-rules = 規則
option-captures = 同一批棋子以不同次序吃掉的吃法（merged：算一步；apart：每種次序各算一步）
option-gomoku-rules = 規則
option-size = 棋盤大小（每邊點數）
option-rows = 行數
option-cols = 列數
option-board = 初始局面（由上而下各行以 / 連接：x 黑，o 白，. 空）
option-opening = 開局規則（另有 soosorv-N 與 taraguchi-N，N 為 1 至 12）
option-twixt-rules = 規則（pp：Little Golem 規則，己方連線可交叉）
option-swap = 交換規則

## 對局批次頁面（由伺服器產生）

runs-title = arbiter 對局批次
runs-heading = 對局批次
runs-run-title = 批次 { $name }
runs-back = 全部批次
runs-none = 尚無批次：用 arbiter match --database ... --run 名稱 開始一個
runs-versus = { $first } 對 { $second }
runs-games-of = { $games } / { $scheduled }
runs-wdl = 勝 和 負
runs-pairs = 按得分的對數 0、½、1、1½、2
runs-workers-now = 目前工作行程
runs-no-workers = 無
runs-plot = LLR 隨局數的變化
runs-plot-games = { $games } 局
runs-games = 對局
runs-every-record = 全部棋譜
runs-download = 下載
runs-status-h1 = 已結束：接受 H1
runs-status-h0 = 已結束：接受 H0
runs-status-games = 已結束：全部對局已下完
runs-status-stopped = 已停止
runs-status-running = 進行中
runs-status-finished = 已結束
runs-column-run = 批次
runs-column-game = 棋類
runs-column-engines = 引擎
runs-column-time-control = 時限
runs-column-games = 局數
runs-column-w = 勝
runs-column-d = 和
runs-column-l = 負
runs-column-pairs = 對數 0–2
runs-column-elo = Elo
runs-column-llr = LLR（界限）
runs-column-workers = 工作行程
runs-column-status = 狀態
runs-column-pair = 對
runs-column-first = 先手
runs-column-second = 後手
runs-column-result = 結果
runs-column-ending = 終局
runs-column-plies = 步數
runs-column-worker = 工作行程
runs-column-record = 棋譜
