package slot

import "strings"

// Classic is the published house slot: 5 reels of 30 stops, 20 lines.
//
// Its par RTP is computed exactly by ExactRTP (about 96.0%); the strips are
// tuned so that no symbol appears twice in any 3-stop window, which keeps
// every reel's column free of stacks and holds at most one scatter per reel.
// Free spins use the same strips as the base game, with every win tripled.
func Classic() *Game {
	g, err := New(classicConfig())
	if err != nil {
		panic("slot: classic config invalid: " + err.Error())
	}
	return g
}

// The strips, top to bottom; stop i shows strip[i], strip[i+1], strip[i+2].
var classicStrips = [Reels]string{
	"Di Ba Q K A Be Q A W Ba S J Q Se Ba Q Se Be Di A K J Se K Ba J K W A Be",
	"Ba Be A Ba Q W A K Se W Q S K Se Di Ba Se Be J Q A J K Be J A Q J K Di",
	"Di K Se Q A Be K A W K Q Ba J A Se Di S J A Ba Be Q Se K W J Ba Q Be J",
	"J Ba K Q Di W K Se Ba J Q S Di Be Q W Be Se A K Be A J K A J Ba Q Se A",
	"Q Se Ba J Be Q Di J W K Q A K J Q Se A S Be Se Ba K Di Be Ba J A K J A",
}

var stripCodes = map[string]Symbol{
	"W": Wild, "S": Scatter, "Di": Diamond, "Se": Seven, "Be": Bell, "Ba": Bar,
	"A": Ace, "K": King, "Q": Queen, "J": Jack,
}

// ClassicPaylines are the 20 lines, as the row (0 top, 1 middle, 2 bottom)
// used on each reel.
var classicPaylines = [][Reels]int{
	{1, 1, 1, 1, 1}, {0, 0, 0, 0, 0}, {2, 2, 2, 2, 2}, {0, 1, 2, 1, 0}, {2, 1, 0, 1, 2},
	{0, 0, 1, 2, 2}, {2, 2, 1, 0, 0}, {1, 0, 0, 0, 1}, {1, 2, 2, 2, 1}, {1, 0, 1, 2, 1},
	{1, 2, 1, 0, 1}, {0, 1, 0, 1, 0}, {2, 1, 2, 1, 2}, {1, 1, 0, 1, 1}, {1, 1, 2, 1, 1},
	{0, 1, 1, 1, 0}, {2, 1, 1, 1, 2}, {0, 2, 0, 2, 0}, {2, 0, 2, 0, 2}, {0, 0, 2, 0, 0},
}

func classicConfig() Config {
	cfg := Config{
		Name:               "classic-5x3",
		Version:            "1",
		FreeSpinMultiplier: 3,
		MaxFreeSpins:       200,
		Paylines:           append([][Reels]int(nil), classicPaylines...),
	}
	for r, s := range classicStrips {
		for _, f := range strings.Fields(s) {
			sym, ok := stripCodes[f]
			if !ok {
				panic("slot: bad strip code " + f)
			}
			cfg.Strips[r] = append(cfg.Strips[r], sym)
		}
	}
	// Line pays in line bets for 3, 4 and 5 of a kind.
	for s, p := range map[Symbol][3]int64{
		Wild:    {50, 250, 1000},
		Diamond: {25, 100, 500},
		Seven:   {20, 75, 250},
		Bell:    {15, 50, 150},
		Bar:     {10, 40, 125},
		Ace:     {5, 20, 100},
		King:    {5, 15, 75},
		Queen:   {3, 10, 50},
		Jack:    {2, 6, 30},
	} {
		cfg.LinePays[s][3], cfg.LinePays[s][4], cfg.LinePays[s][5] = p[0], p[1], p[2]
	}
	// Scatter pays in total bets, and free spins, by scatters anywhere.
	cfg.ScatterPays[2], cfg.ScatterPays[3], cfg.ScatterPays[4], cfg.ScatterPays[5] = 1, 5, 20, 100
	cfg.FreeSpins[3], cfg.FreeSpins[4], cfg.FreeSpins[5] = 8, 12, 20
	return cfg
}
