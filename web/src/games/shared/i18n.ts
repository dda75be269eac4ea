// A small translator for the game pages, in the site's eleven languages: the
// pages must stay light, so they carry their own strings (the eight beyond
// en_US, zh_CN and vi_VN in ./locales) instead of i18next and the lobby's
// locale files. The language is the lobby's (same origin): ?lang=,
// then local storage `lang`, then the `lang` cookie, then the browser.

import { fromBrowserLanguage } from '@/lib/locale';
import { bn_BD } from './locales/bn_BD';
import { hi_IN } from './locales/hi_IN';
import { ja_JP } from './locales/ja_JP';
import { ko_KR } from './locales/ko_KR';
import { my_MM } from './locales/my_MM';
import { ta_IN } from './locales/ta_IN';
import { th_TH } from './locales/th_TH';
import { zh_TW } from './locales/zh_TW';

const en_US = {
  lobby: 'Lobby',
  close_game: 'Close game',
  close: 'Close',
  balance: 'Balance',
  play_money: 'Demo · play money',
  real_money: 'Real money',
  rtp: 'RTP',
  rtp_long: 'Return to player',
  rules: 'Rules',
  paytable: 'Paytable',
  limits: 'Bet limits',
  history: 'History',
  history_title: 'Round history',
  start_playing: 'Start playing',
  rules_intro: 'Check the return to player, the paytable and the limits before you play. Every round is decided on the server.',
  loading: 'Loading…',
  no_session: 'No game session. Start the game again from the lobby.',
  session_ended: 'The game session has ended. Start the game again from the lobby.',
  insufficient: 'Your balance is too low for this bet.',
  bad_bet: 'This bet is not allowed.',
  too_many: 'Too many rounds. Please slow down.',
  network: 'Network error. Please try again.',
  error_generic: 'Something went wrong. Please try again.',
  retry: 'Try again',
  win: 'Win',
  you_won: 'You won {{amount}}',
  no_win: 'No win this round',
  bet: 'Bet',
  time: 'Time',
  balance_before: 'Before',
  balance_after: 'After',
  choices: 'Choices',
  outcome: 'Result',
  version: 'Version',
  no_rounds: 'No rounds yet.',
  round_n: 'Round #{{id}}',
  last_win: 'Last win',
  slot_title: 'Fortune Reels',
  baccarat_title: 'Gamehall Baccarat',
  keno_title: 'Gamehall Keno',
  // slot
  spin: 'Spin',
  line_bet: 'Line bet',
  total_bet: 'Total bet',
  decrease_bet: 'Lower bet',
  increase_bet: 'Raise bet',
  lines_n: '{{n}} lines',
  free_spins: 'Free spins',
  free_spins_won: '{{n}} free spins! Every win ×{{m}}',
  free_spin_of: 'Free spin {{i}} / {{n}}',
  free_spins_total: 'Free spins win',
  skip: 'Skip',
  line_win: 'Line {{line}}: {{count}} × {{symbol}}',
  scatter_win: '{{count}} × SCATTER',
  symbol: 'Symbol',
  pays_line_bets: 'Line pays, in line bets, from the leftmost reel',
  pays_total_bets: 'Scatter pays, in total bets, anywhere',
  paylines: 'Paylines',
  hit_frequency: 'Hit frequency',
  line_bet_range: 'Line bet {{min}} to {{max}}; total bet {{tmin}} to {{tmax}}',
  choice_line_bet: 'line bet {{amount}}',
  outcome_slot: '{{lines}} lines, {{scatters}} scatters',
  outcome_free: '{{n}} free spins',
  // baccarat
  player: 'Player',
  banker: 'Banker',
  tie: 'Tie',
  pays: 'pays {{ratio}}',
  chips: 'Chips',
  deal: 'Deal',
  clear: 'Clear',
  rebet: 'Rebet',
  place_bet: 'Pick a chip, then tap Player, Banker or Tie.',
  player_wins: 'Player wins',
  banker_wins: 'Banker wins',
  tie_result: 'Tie',
  natural: 'Natural',
  push: 'Push',
  max_bet: 'Up to {{amount}} on each bet',
  chips_range: 'Chips {{list}}',
  house_edge: 'House edge',
  decks: '{{n}} decks',
  total: 'Total {{n}}',
  // keno
  picks: 'Your numbers',
  picks_count: '{{n}} / {{max}} picked',
  quick_pick: 'Quick pick',
  stake: 'Stake',
  play: 'Play',
  drawn: 'Drawn numbers',
  hits: 'Hits',
  hits_n: 'Hits: {{n}}',
  pick_numbers: 'Pick 1 to 10 numbers on the board.',
  rtp_for_picks: 'RTP with {{n}} picks',
  pays_for: 'Pays for {{n}} picks (× stake)',
  pays_x: '× {{m}}',
  stakes_range: 'Stakes {{min}} to {{max}}',
  keno_board: 'Keno board',
  rtp_range: '{{min}} to {{max}} by pick count',
  rtp_picks: '{{rtp}} with {{n}} picks',
  play_disabled: 'Play is disabled on this demo site.',
};

export type Key = keyof typeof en_US;
export type Dict = Record<Key, string>;

const zh_CN: Dict = {
  lobby: '大厅',
  close_game: '关闭游戏',
  close: '关闭',
  balance: '余额',
  play_money: '试玩 · 游戏币',
  real_money: '真钱游戏',
  rtp: '返奖率',
  rtp_long: '玩家回报率',
  rules: '规则',
  paytable: '赔付表',
  limits: '投注限额',
  history: '记录',
  history_title: '游戏记录',
  start_playing: '开始游戏',
  rules_intro: '开始前请查看返奖率、赔付表和限额。每一局的结果都由服务器决定。',
  loading: '加载中…',
  no_session: '没有游戏会话，请从大厅重新进入游戏。',
  session_ended: '游戏会话已结束，请从大厅重新进入游戏。',
  insufficient: '余额不足，无法下注。',
  bad_bet: '不允许此投注。',
  too_many: '操作过于频繁，请稍后再试。',
  network: '网络错误，请重试。',
  error_generic: '出错了，请重试。',
  retry: '重试',
  win: '赢得',
  you_won: '恭喜赢得 {{amount}}',
  no_win: '本局未中奖',
  bet: '投注',
  time: '时间',
  balance_before: '之前',
  balance_after: '之后',
  choices: '选择',
  outcome: '结果',
  version: '版本',
  no_rounds: '暂无记录。',
  round_n: '第 {{id}} 局',
  last_win: '上局赢得',
  slot_title: '财富转轴',
  baccarat_title: 'Gamehall 百家乐',
  keno_title: 'Gamehall 基诺',
  spin: '旋转',
  line_bet: '单线投注',
  total_bet: '总投注',
  decrease_bet: '降低投注',
  increase_bet: '提高投注',
  lines_n: '{{n}} 条线',
  free_spins: '免费旋转',
  free_spins_won: '获得 {{n}} 次免费旋转！所有奖金 ×{{m}}',
  free_spin_of: '免费旋转 {{i}} / {{n}}',
  free_spins_total: '免费旋转奖金',
  skip: '跳过',
  line_win: '第 {{line}} 线：{{count}} × {{symbol}}',
  scatter_win: '{{count}} × 分散',
  symbol: '符号',
  pays_line_bets: '连线赔付（单线投注倍数），从最左边的转轴起算',
  pays_total_bets: '分散赔付（总投注倍数），任意位置',
  paylines: '赔付线',
  hit_frequency: '中奖频率',
  line_bet_range: '单线投注 {{min}} 至 {{max}}；总投注 {{tmin}} 至 {{tmax}}',
  choice_line_bet: '单线投注 {{amount}}',
  outcome_slot: '{{lines}} 条中奖线，{{scatters}} 个分散',
  outcome_free: '{{n}} 次免费旋转',
  player: '闲',
  banker: '庄',
  tie: '和',
  pays: '赔率 {{ratio}}',
  chips: '筹码',
  deal: '发牌',
  clear: '清除',
  rebet: '重复下注',
  place_bet: '先选择筹码，再点击闲、庄或和。',
  player_wins: '闲赢',
  banker_wins: '庄赢',
  tie_result: '和局',
  natural: '天牌',
  push: '退回',
  max_bet: '每项最多 {{amount}}',
  chips_range: '筹码 {{list}}',
  house_edge: '庄家优势',
  decks: '{{n}} 副牌',
  total: '点数 {{n}}',
  picks: '您的号码',
  picks_count: '已选 {{n}} / {{max}}',
  quick_pick: '机选',
  stake: '投注额',
  play: '开奖',
  drawn: '开出号码',
  hits: '命中',
  hits_n: '命中 {{n}} 个',
  pick_numbers: '请在号码盘上选择 1 至 10 个号码。',
  rtp_for_picks: '选 {{n}} 个号码的返奖率',
  pays_for: '选 {{n}} 个号码的赔付（投注倍数）',
  pays_x: '× {{m}}',
  stakes_range: '投注额 {{min}} 至 {{max}}',
  keno_board: '基诺号码盘',
  rtp_range: '{{min}} 至 {{max}}（视选号个数）',
  rtp_picks: '{{rtp}}（选 {{n}} 个号码）',
  play_disabled: '演示站点暂不支持游戏。',
};

const vi_VN: Dict = {
  lobby: 'Sảnh',
  close_game: 'Đóng trò chơi',
  close: 'Đóng',
  balance: 'Số dư',
  play_money: 'Chơi thử · tiền ảo',
  real_money: 'Tiền thật',
  rtp: 'RTP',
  rtp_long: 'Tỷ lệ hoàn trả',
  rules: 'Luật chơi',
  paytable: 'Bảng trả thưởng',
  limits: 'Giới hạn cược',
  history: 'Lịch sử',
  history_title: 'Lịch sử ván chơi',
  start_playing: 'Bắt đầu chơi',
  rules_intro: 'Hãy xem tỷ lệ hoàn trả, bảng trả thưởng và giới hạn trước khi chơi. Mọi ván đều do máy chủ quyết định.',
  loading: 'Đang tải…',
  no_session: 'Không có phiên chơi. Hãy mở lại trò chơi từ sảnh.',
  session_ended: 'Phiên chơi đã kết thúc. Hãy mở lại trò chơi từ sảnh.',
  insufficient: 'Số dư không đủ cho mức cược này.',
  bad_bet: 'Mức cược này không được phép.',
  too_many: 'Quá nhiều ván. Vui lòng chậm lại.',
  network: 'Lỗi mạng. Vui lòng thử lại.',
  error_generic: 'Đã xảy ra lỗi. Vui lòng thử lại.',
  retry: 'Thử lại',
  win: 'Thắng',
  you_won: 'Bạn thắng {{amount}}',
  no_win: 'Ván này không thắng',
  bet: 'Cược',
  time: 'Thời gian',
  balance_before: 'Trước',
  balance_after: 'Sau',
  choices: 'Lựa chọn',
  outcome: 'Kết quả',
  version: 'Phiên bản',
  no_rounds: 'Chưa có ván nào.',
  round_n: 'Ván #{{id}}',
  last_win: 'Thắng ván trước',
  slot_title: 'Vòng Quay Tài Lộc',
  baccarat_title: 'Baccarat Gamehall',
  keno_title: 'Keno Gamehall',
  spin: 'Quay',
  line_bet: 'Cược mỗi dòng',
  total_bet: 'Tổng cược',
  decrease_bet: 'Giảm cược',
  increase_bet: 'Tăng cược',
  lines_n: '{{n}} dòng',
  free_spins: 'Vòng quay miễn phí',
  free_spins_won: '{{n}} vòng quay miễn phí! Mọi tiền thắng ×{{m}}',
  free_spin_of: 'Vòng miễn phí {{i}} / {{n}}',
  free_spins_total: 'Thắng vòng miễn phí',
  skip: 'Bỏ qua',
  line_win: 'Dòng {{line}}: {{count}} × {{symbol}}',
  scatter_win: '{{count}} × SCATTER',
  symbol: 'Biểu tượng',
  pays_line_bets: 'Trả thưởng theo dòng (bội số cược mỗi dòng), từ cuộn ngoài cùng bên trái',
  pays_total_bets: 'Trả thưởng Scatter (bội số tổng cược), ở bất kỳ vị trí nào',
  paylines: 'Dòng thắng',
  hit_frequency: 'Tần suất thắng',
  line_bet_range: 'Cược mỗi dòng {{min}} đến {{max}}; tổng cược {{tmin}} đến {{tmax}}',
  choice_line_bet: 'cược mỗi dòng {{amount}}',
  outcome_slot: '{{lines}} dòng thắng, {{scatters}} scatter',
  outcome_free: '{{n}} vòng miễn phí',
  player: 'Nhà con',
  banker: 'Nhà cái',
  tie: 'Hòa',
  pays: 'trả {{ratio}}',
  chips: 'Chip',
  deal: 'Chia bài',
  clear: 'Xóa',
  rebet: 'Cược lại',
  place_bet: 'Chọn chip, rồi chạm Nhà con, Nhà cái hoặc Hòa.',
  player_wins: 'Nhà con thắng',
  banker_wins: 'Nhà cái thắng',
  tie_result: 'Hòa',
  natural: 'Bài tự nhiên',
  push: 'Hoàn cược',
  max_bet: 'Tối đa {{amount}} mỗi cửa',
  chips_range: 'Chip {{list}}',
  house_edge: 'Lợi thế nhà cái',
  decks: '{{n}} bộ bài',
  total: 'Tổng {{n}}',
  picks: 'Số của bạn',
  picks_count: 'Đã chọn {{n}} / {{max}}',
  quick_pick: 'Chọn nhanh',
  stake: 'Mức cược',
  play: 'Quay số',
  drawn: 'Số đã quay',
  hits: 'Trúng',
  hits_n: 'Trúng {{n}} số',
  pick_numbers: 'Chọn từ 1 đến 10 số trên bảng.',
  rtp_for_picks: 'RTP khi chọn {{n}} số',
  pays_for: 'Trả thưởng khi chọn {{n}} số (× mức cược)',
  pays_x: '× {{m}}',
  stakes_range: 'Mức cược {{min}} đến {{max}}',
  keno_board: 'Bảng Keno',
  rtp_range: '{{min}} đến {{max}} tùy số lượng số chọn',
  rtp_picks: '{{rtp}} khi chọn {{n}} số',
  play_disabled: 'Trang demo không cho phép chơi.',
};

export const DICTS = { zh_TW, zh_CN, en_US, vi_VN, ko_KR, ja_JP, th_TH, hi_IN, my_MM, ta_IN, bn_BD } as const;
export type GameLang = keyof typeof DICTS;
export const GAME_LANGS = Object.keys(DICTS) as GameLang[];

function isGameLang(v: unknown): v is GameLang {
  return typeof v === 'string' && v in DICTS;
}

function fromStorage(): string | null {
  try {
    return window.localStorage.getItem('lang');
  } catch {
    return null;
  }
}

function fromCookie(): string | undefined {
  const m = /(?:^|;\s*)lang=([^;]+)/.exec(document.cookie);
  return m ? decodeURIComponent(m[1]) : undefined;
}

export function detectLang(search = window.location.search): GameLang {
  const candidates = [new URLSearchParams(search).get('lang'), fromStorage(), fromCookie()];
  for (const c of candidates) if (isGameLang(c)) return c;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const l = fromBrowserLanguage(tag || '');
    if (l) return l;
  }
  return 'en_US';
}

let lang: GameLang = 'en_US';

export function setLang(l: GameLang): void {
  lang = l;
  document.documentElement.lang = l.replace('_', '-');
}

export function currentLang(): GameLang {
  return lang;
}

/** The translation of `key` with {{name}} placeholders filled. */
export function tx(key: Key, vars?: Record<string, string | number>): string {
  const s = DICTS[lang][key] ?? en_US[key] ?? key;
  return vars ? s.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? '')) : s;
}
