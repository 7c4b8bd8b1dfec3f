/** `grimoire help`, in Japanese. */
import type { usage as en } from '../en/usage.ts';

export const usage: Record<keyof typeof en, string> = {
  'cli.usage': `使い方: grimoire <コマンド> [オプション]

  check <paths…> [--json]        パスの下のルールとカードを検査します。--json: すべての診断を JSON で
  fmt [--check] <paths…>         .grim ファイルを正規のレイアウトに整形します (コメントは残り、意味は変わりません)。
                                 --check: 何も書かず、変わるファイルを一覧し、あれば終了コード 1
  build <game> [--out FILE]      ゲームの IR (JSON) を書きます
  play <game> [--p1 AGENT] [--p2 AGENT] [--format NAME] [--games N] [--seed S] [--workers N] [--json] [--final-state FILE] [--summaries FILE] [--param name=value] [--check-invariants]
          [--draws sampled|listed]       ランダムなプレイヤーがアクションを選ぶ方法: sampled (既定) か listed (docs/agents.md)
          [--match bo3|bo5|ftN|rules]    ゲームの代わりにマッチを行います (--games: マッチの数): 席ごとのマッチ勝利数 (95% 区間付き)、
                                 マッチあたりのゲーム数、ゲームの勝率。rules: ゲーム自身の \`match\` (docs/language.md)。
                                 balance --match bo3 はシードのマッチ勝率をゲームの勝率の横に加えます
  duel <game> AGENT_A AGENT_B [--games N] [--seed S] [--format NAME] [--workers N] [--param name=value] [--json]
                                 毎ゲーム席を交代して A 対 B: A の勝率と 95% 区間
  balance <game> [--games N] [--seed S] [--format NAME] [--param name=value] [--p1 AGENT] [--p2 AGENT] [--workers N]
          [--vs GAME | --vs-param name=value] [--values all|suspects|none | --replace CARD[=BASELINE]] [--value-games N] [--quality] [--html FILE] [--json]
          [--until "CARD settled" | --precision 2pts] [--max-games N] [--from-db FILE | postgres://…]
                                 席・カード・アクションごとの勝率 (95% 区間付き)、ゲームの長さ。--vs: 同じシードを
                                 改訂や別のパラメータで行い、何が変わったか (docs/balance.md)。各カードの価値:
                                 カードを置き換えて同じゲームをもう一度行います — すべてのカード (--values all、
                                 ランダムなプレイヤー)、疑わしいカード (探索エージェント)、または --replace が指定したもの。
                                 --quality: ゲームの evaluate によるゲームの質の指標 — 決着の早さ、リードの交代、
                                 逆転、引き分け、長さのばらつき、最もよく使われたアクションが提示された頻度。
                                 --until/--precision: カードの評価が定まるまで (または先手の勝率が ±precision で分かるまで)
                                 --games からバッチを倍にして行います。最大 --max-games (回ごとに Bonferroni)
                                 --from-db: grimoire serve が保存した人の対戦 (同じルール) をシミュレーションと並べて読みます
  tune <game> --card NAME --attr NAME --values 0..6 [--baseline CARD] [--games N] [--seed S] [--p1 AGENT] [--p2 AGENT]
          [--format NAME] [--param name=value] [--workers N] [--html FILE] [--json]
                                 このカードの数値はいくつにすべきか: 各値で同じゲームを行い、その場所の普通のカードに
                                 対するカードの価値と、公平になる値を示します (docs/balance.md)
  tune <game> --param NAME [--values V,…] [--games N] [--seed S] [--p1 AGENT] [--p2 AGENT] [--workers N] [--json]
                                 このルールパラメータはいくつにすべきか: 各値で同じゲームを行い (既定: パラメータの既定値と
                                 選択肢)、先手の勝率と、それが 50% になる値を示します
  new <game>                     新しいゲームを始めます: 動くルール、カード、裁定
  merge <summary files…>         分割したバッチの play --summaries ファイルをまとめます (シード順、同じハッシュ)
  scenario <files or folders…> [--game NAME] [--agent AGENT]   裁定のシナリオ (YAML) を実行します。--game: 別のゲーム (例: 改訂) のもとで実行\n                                 --agent: エージェントのステップ (と戦術パズル) を別のエージェント (例: first) で答えます
  scenario <rulings folder> --readings [--game NAME] [--md FILE] [--json]
                                 すべての裁定を、すべてのルールパラメータのすべての選択肢のもとで (1 つずつ) 実行し、
                                 読み方で結果が変わる裁定とその変わり方を示します。--md: ルールブック作者向けの一覧 (docs/judges.md)
  explain <scenario.yaml> [--game NAME]   裁定の回答を数行で、次に決め手となったステップだけを、それぞれのルール文とともに
  faq <game> [--out FILE.md|FILE.html]    裁定集をルール id ごとにまとめた文書: 局面、回答、引用付きのステップ
  cards <game> [--card NAME | --all] --svg DIR | --sheet FILE.html | --pdf FILE.pdf
                                 ゲームの face レイアウトで印刷できるカード (docs/cards.md): カードごとの SVG、A4 の
                                 プリント&プレイ用シート (3 × 3 枚、トンボ付き)、またはその PDF (Chromium が必要)。
                                 ルールが作るカード、--all ですべて、--card で 1 枚
  diff <gameA> <gameB> [--rulings] [--md FILE] [--json]   A に対して B が変えるもの: 追加・削除・変更された定義
                                 (テキストの差分と引用付き)、パラメータの既定値。--rulings: 結果が変わる裁定
  why-not <scenario.yaml> --player P [--step N] [--action NAME] [--card NAME]... [--game NAME] [--json]
                                 スクリプトの後 (またはステップ N の後) の判断で止まり、P のすべてのアクションについて、
                                 使えるか、満たされない前提条件とその引用・ソース行を示します。ルールの中の選択
                                 (ブロッカー、対象) では、各 --card が選択肢にない理由を示します (docs/judges.md)
  coverage <game> [--md FILE] [--json] [--fail-under P]   ルールブックの各ルール id (rules/<game>/rule-ids.yaml): テスト済み
                                 (成立する裁定がそれを引用するステップを実行)、引用のみ、引用なし — README の理由
                                 (パラメータ、省略) 付き。一覧にない id を引用すると終了コード 1 (docs/judges.md)
  serve [--port P] [--db FILE | postgres://…] [--host H] [--playground DIR]
                                 プレイテスト用サーバー: 人どうしが WebSocket でどのゲームでも対戦し、各自は自分の席の
                                 見えるものだけを見ます。ビルド済みのプレイグラウンド (オンライン対戦) も配信します。
                                 対戦はすべて SQLite ファイルか PostgreSQL に保存 (docs/serve.md)
  lsp [--stdio]                  標準入出力の言語サーバー (LSP)。VS Code などのエディタ用 (docs/editors.md)
  demo [game]                    コンパイルし、実況付きで 1 ゲーム行い、まとめます
  worker --queue redis://HOST:PORT [--concurrency N]
                                 ほかで実行した play/duel/balance --queue のゲームのチャンクを行います (同時に N 個。既定: コア数)

play、duel、balance は --queue redis://HOST:PORT [--chunk N] を取ります: ゲームはその Redis のワーカーが行います
  (1 ジョブ N ゲーム)。レポートとハッシュはローカルの実行と同じです。docs/balance.md

すべてのコマンドが --lang ja|en を取ります。なければ GRIMOIRE_LANG、次にロケール (LC_ALL、LC_MESSAGES、LANG)、
  それもなければ英語です。docs/languages.md

AGENT: random (既定)、first、greedy、strong (ゲーム自身の強いプレイヤー)、mcts:N (1 判断に N 回の反復)、
  mcts:Nms (1 判断に N ミリ秒: 再現できません)。mcts には ,depth=D (シミュレーションを D 判断先で止め、
  ゲームの evaluate で採点)、,turns=T (プレイアウトを T ターン先で止める)、,grade=S (打ち切りを評価の差で採点)、
  ,sure=P (打ち切りの価値を勝ちの P までに抑える)、,pass=W (プレイアウトでのパスの重み)、,mast=E (プレイアウトで
  成績の良かったアクションを優先。,mastin=1 でアクション内の選択も)、,stop=A (首位の差が残り反復の A 倍を超えたら
  止める)、,c=X (探索の度合い)、,reuse (前回の探索の木から続ける) を付けられます。docs/agents.md

ゲーム: {games}`,
};
