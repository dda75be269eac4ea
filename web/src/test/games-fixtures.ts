// Answers of the in-house play API captured from the real server (docs/api.md
// "In-house play API"), used by the game page tests. Generated once; the shapes
// must stay exactly those of the wire.

export const slotSession = {
  "game_code": "gh_slot_fortune",
  "kind": "slot",
  "version": "1",
  "demo": true,
  "currency": "USD",
  "exponent": 2,
  "balance": 200000,
  "rtp": 0.9604462452278248,
  "limits": {
    "unit": 1,
    "line_bets": [
      1,
      2,
      5,
      10,
      20,
      50,
      100,
      200,
      500
    ]
  },
  "rules": {
    "name": "classic-5x3",
    "version": "1",
    "reels": 5,
    "rows": 3,
    "paylines": [
      [
        1,
        1,
        1,
        1,
        1
      ],
      [
        0,
        0,
        0,
        0,
        0
      ],
      [
        2,
        2,
        2,
        2,
        2
      ],
      [
        0,
        1,
        2,
        1,
        0
      ],
      [
        2,
        1,
        0,
        1,
        2
      ],
      [
        0,
        0,
        1,
        2,
        2
      ],
      [
        2,
        2,
        1,
        0,
        0
      ],
      [
        1,
        0,
        0,
        0,
        1
      ],
      [
        1,
        2,
        2,
        2,
        1
      ],
      [
        1,
        0,
        1,
        2,
        1
      ],
      [
        1,
        2,
        1,
        0,
        1
      ],
      [
        0,
        1,
        0,
        1,
        0
      ],
      [
        2,
        1,
        2,
        1,
        2
      ],
      [
        1,
        1,
        0,
        1,
        1
      ],
      [
        1,
        1,
        2,
        1,
        1
      ],
      [
        0,
        1,
        1,
        1,
        0
      ],
      [
        2,
        1,
        1,
        1,
        2
      ],
      [
        0,
        2,
        0,
        2,
        0
      ],
      [
        2,
        0,
        2,
        0,
        2
      ],
      [
        0,
        0,
        2,
        0,
        0
      ]
    ],
    "total_bet_lines": 20,
    "symbols": [
      {
        "symbol": "WILD",
        "kind": "wild",
        "pays": [
          {
            "count": 3,
            "pay": 50
          },
          {
            "count": 4,
            "pay": 250
          },
          {
            "count": 5,
            "pay": 1000
          }
        ]
      },
      {
        "symbol": "SCATTER",
        "kind": "scatter"
      },
      {
        "symbol": "DIAMOND",
        "kind": "high",
        "pays": [
          {
            "count": 3,
            "pay": 25
          },
          {
            "count": 4,
            "pay": 100
          },
          {
            "count": 5,
            "pay": 500
          }
        ]
      },
      {
        "symbol": "SEVEN",
        "kind": "high",
        "pays": [
          {
            "count": 3,
            "pay": 20
          },
          {
            "count": 4,
            "pay": 75
          },
          {
            "count": 5,
            "pay": 250
          }
        ]
      },
      {
        "symbol": "BELL",
        "kind": "high",
        "pays": [
          {
            "count": 3,
            "pay": 15
          },
          {
            "count": 4,
            "pay": 50
          },
          {
            "count": 5,
            "pay": 150
          }
        ]
      },
      {
        "symbol": "BAR",
        "kind": "high",
        "pays": [
          {
            "count": 3,
            "pay": 10
          },
          {
            "count": 4,
            "pay": 40
          },
          {
            "count": 5,
            "pay": 125
          }
        ]
      },
      {
        "symbol": "A",
        "kind": "low",
        "pays": [
          {
            "count": 3,
            "pay": 5
          },
          {
            "count": 4,
            "pay": 20
          },
          {
            "count": 5,
            "pay": 100
          }
        ]
      },
      {
        "symbol": "K",
        "kind": "low",
        "pays": [
          {
            "count": 3,
            "pay": 5
          },
          {
            "count": 4,
            "pay": 15
          },
          {
            "count": 5,
            "pay": 75
          }
        ]
      },
      {
        "symbol": "Q",
        "kind": "low",
        "pays": [
          {
            "count": 3,
            "pay": 3
          },
          {
            "count": 4,
            "pay": 10
          },
          {
            "count": 5,
            "pay": 50
          }
        ]
      },
      {
        "symbol": "J",
        "kind": "low",
        "pays": [
          {
            "count": 3,
            "pay": 2
          },
          {
            "count": 4,
            "pay": 6
          },
          {
            "count": 5,
            "pay": 30
          }
        ]
      }
    ],
    "scatter": [
      {
        "count": 2,
        "pay": 1,
        "free_spins": 0
      },
      {
        "count": 3,
        "pay": 5,
        "free_spins": 8
      },
      {
        "count": 4,
        "pay": 20,
        "free_spins": 12
      },
      {
        "count": 5,
        "pay": 100,
        "free_spins": 20
      }
    ],
    "free_spin_multiplier": 3,
    "max_free_spins": 200,
    "rules": [
      "Total bet = line bet x number of lines. Line pays are multiples of the line bet; scatter pays are multiples of the total bet.",
      "Line wins pay left to right from the leftmost reel, on consecutive reels; only the highest win per line is paid; wins on different lines add up.",
      "WILD substitutes for every symbol except SCATTER. A line is paid as the better of its leading wilds alone (WILD pays) or with the wilds standing for the first other symbol.",
      "SCATTER pays anywhere in the window and is added to line wins.",
      "Free spins are played at the stake of the spin that triggered them, on the same reels, with every win multiplied by 3; scatters during free spins award more free spins.",
      "A round awards at most 200 free spins in total; further awards are forfeited."
    ],
    "max_line_bet": 697577676361,
    "rtp": {
      "rtp": 0.9604462452278248,
      "base_rtp": 0.782635720164609,
      "line_rtp": 0.6592357201646091,
      "scatter_rtp": 0.1234,
      "free_spins_rtp": 0.1778105250632158,
      "hit_frequency": 0.5534533333333334,
      "trigger_frequency": 0.00856,
      "free_spins_per_trigger": 8.847137548860326,
      "base_sd": 1.7379044788683213,
      "combinations": 24300000,
      "line_win_sum": 320388560,
      "scatter_counts": [
        14348907,
        7971615,
        1771470,
        196830,
        10935,
        243,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0
      ],
      "hits": 13448916
    }
  }
};

export const slotRoundLines = {
  "id": 7,
  "game_code": "gh_slot_fortune",
  "game_version": "1",
  "currency": "USD",
  "stake": 20,
  "win": 30,
  "balance_before": 199930,
  "balance_after": 199940,
  "choices": {
    "line_bet": 1
  },
  "outcome": {
    "line_bet": 1,
    "total_bet": 20,
    "base": {
      "stops": [
        25,
        3,
        0,
        24,
        9
      ],
      "window": [
        [
          "J",
          "BAR",
          "DIAMOND",
          "A",
          "K"
        ],
        [
          "K",
          "Q",
          "K",
          "J",
          "Q"
        ],
        [
          "WILD",
          "WILD",
          "SEVEN",
          "BAR",
          "A"
        ]
      ],
      "lines": [
        {
          "line": 2,
          "symbol": "SEVEN",
          "count": 3,
          "pay": 20,
          "amount": 20
        },
        {
          "line": 6,
          "symbol": "K",
          "count": 3,
          "pay": 5,
          "amount": 5
        },
        {
          "line": 10,
          "symbol": "K",
          "count": 3,
          "pay": 5,
          "amount": 5
        }
      ],
      "scatters": 0,
      "scatter_pay": 0,
      "scatter_amount": 0,
      "free_spins": 0,
      "multiplier": 1,
      "win": 30
    },
    "free_spins_awarded": 0,
    "free_spins_win": 0,
    "win": 30
  },
  "created_at": "2026-11-22T21:40:19Z"
};

export const slotRoundFreeSpins = {
  "id": 140,
  "game_code": "gh_slot_fortune",
  "game_version": "1",
  "currency": "USD",
  "stake": 20,
  "win": 814,
  "balance_before": 199092,
  "balance_after": 199886,
  "choices": {
    "line_bet": 1
  },
  "outcome": {
    "line_bet": 1,
    "total_bet": 20,
    "base": {
      "stops": [
        10,
        17,
        14,
        9,
        17
      ],
      "window": [
        [
          "SCATTER",
          "BELL",
          "SEVEN",
          "J",
          "SCATTER"
        ],
        [
          "J",
          "J",
          "DIAMOND",
          "Q",
          "BELL"
        ],
        [
          "Q",
          "Q",
          "SCATTER",
          "SCATTER",
          "SEVEN"
        ]
      ],
      "scatters": 4,
      "scatter_pay": 20,
      "scatter_amount": 400,
      "free_spins": 12,
      "multiplier": 1,
      "win": 400
    },
    "free_spins": [
      {
        "stops": [
          11,
          23,
          3,
          29,
          18
        ],
        "window": [
          [
            "J",
            "BELL",
            "Q",
            "A",
            "BELL"
          ],
          [
            "Q",
            "J",
            "A",
            "J",
            "SEVEN"
          ],
          [
            "SEVEN",
            "A",
            "BELL",
            "BAR",
            "BAR"
          ]
        ],
        "scatters": 0,
        "scatter_pay": 0,
        "scatter_amount": 0,
        "free_spins": 0,
        "multiplier": 3,
        "win": 0
      },
      {
        "stops": [
          26,
          23,
          5,
          21,
          7
        ],
        "window": [
          [
            "K",
            "BELL",
            "BELL",
            "A",
            "J"
          ],
          [
            "WILD",
            "J",
            "K",
            "J",
            "WILD"
          ],
          [
            "A",
            "A",
            "A",
            "K",
            "K"
          ]
        ],
        "lines": [
          {
            "line": 2,
            "symbol": "A",
            "count": 3,
            "pay": 5,
            "amount": 15
          },
          {
            "line": 7,
            "symbol": "BELL",
            "count": 3,
            "pay": 15,
            "amount": 45
          },
          {
            "line": 8,
            "symbol": "A",
            "count": 3,
            "pay": 5,
            "amount": 15
          }
        ],
        "scatters": 0,
        "scatter_pay": 0,
        "scatter_amount": 0,
        "free_spins": 0,
        "multiplier": 3,
        "win": 75
      },
      {
        "stops": [
          25,
          6,
          24,
          3,
          7
        ],
        "window": [
          [
            "J",
            "A",
            "WILD",
            "Q",
            "J"
          ],
          [
            "K",
            "K",
            "J",
            "DIAMOND",
            "WILD"
          ],
          [
            "WILD",
            "SEVEN",
            "BAR",
            "WILD",
            "K"
          ]
        ],
        "lines": [
          {
            "line": 4,
            "symbol": "K",
            "count": 3,
            "pay": 5,
            "amount": 15
          },
          {
            "line": 13,
            "symbol": "K",
            "count": 3,
            "pay": 5,
            "amount": 15
          }
        ],
        "scatters": 0,
        "scatter_pay": 0,
        "scatter_amount": 0,
        "free_spins": 0,
        "multiplier": 3,
        "win": 30
      },
      {
        "stops": [
          0,
          28,
          9,
          5,
          13
        ],
        "window": [
          [
            "DIAMOND",
            "K",
            "K",
            "WILD",
            "J"
          ],
          [
            "BAR",
            "DIAMOND",
            "Q",
            "K",
            "Q"
          ],
          [
            "Q",
            "BAR",
            "BAR",
            "SEVEN",
            "SEVEN"
          ]
        ],
        "lines": [
          {
            "line": 8,
            "symbol": "BAR",
            "count": 3,
            "pay": 10,
            "amount": 30
          }
        ],
        "scatters": 0,
        "scatter_pay": 0,
        "scatter_amount": 0,
        "free_spins": 0,
        "multiplier": 3,
        "win": 30
      },
      {
        "stops": [
          2,
          20,
          1,
          7,
          17
        ],
        "window": [
          [
            "Q",
            "A",
            "K",
            "SEVEN",
            "SCATTER"
          ],
          [
            "K",
            "J",
            "SEVEN",
            "BAR",
            "BELL"
          ],
          [
            "A",
            "K",
            "Q",
            "J",
            "SEVEN"
          ]
        ],
        "scatters": 1,
        "scatter_pay": 0,
        "scatter_amount": 0,
        "free_spins": 0,
        "multiplier": 3,
        "win": 0
      },
      {
        "stops": [
          9,
          20,
          9,
          25,
          11
        ],
        "window": [
          [
            "BAR",
            "A",
            "K",
            "J",
            "A"
          ],
          [
            "SCATTER",
            "J",
            "Q",
            "BAR",
            "K"
          ],
          [
            "J",
            "K",
            "BAR",
            "Q",
            "J"
          ]
        ],
        "scatters": 1,
        "scatter_pay": 0,
        "scatter_amount": 0,
        "free_spins": 0,
        "multiplier": 3,
        "win": 0
      },
      {
        "stops": [
          23,
          13,
          7,
          16,
          0
        ],
        "window": [
          [
            "K",
            "SEVEN",
            "A",
            "BELL",
            "Q"
          ],
          [
            "BAR",
            "DIAMOND",
            "WILD",
            "SEVEN",
            "SEVEN"
          ],
          [
            "J",
            "BAR",
            "K",
            "A",
            "BAR"
          ]
        ],
        "lines": [
          {
            "line": 10,
            "symbol": "BAR",
            "count": 3,
            "pay": 10,
            "amount": 30
          }
        ],
        "scatters": 0,
        "scatter_pay": 0,
        "scatter_amount": 0,
        "free_spins": 0,
        "multiplier": 3,
        "win": 30
      },
      {
        "stops": [
          20,
          28,
          16,
          28,
          6
        ],
        "window": [
          [
            "K",
            "K",
            "SCATTER",
            "SEVEN",
            "DIAMOND"
          ],
          [
            "J",
            "DIAMOND",
            "J",
            "A",
            "J"
          ],
          [
            "SEVEN",
            "BAR",
            "A",
            "J",
            "WILD"
          ]
        ],
        "scatters": 1,
        "scatter_pay": 0,
        "scatter_amount": 0,
        "free_spins": 0,
        "multiplier": 3,
        "win": 0
      },
      {
        "stops": [
          4,
          16,
          23,
          29,
          26
        ],
        "window": [
          [
            "A",
            "SEVEN",
            "K",
            "A",
            "A"
          ],
          [
            "BELL",
            "BELL",
            "WILD",
            "J",
            "K"
          ],
          [
            "Q",
            "J",
            "J",
            "BAR",
            "J"
          ]
        ],
        "lines": [
          {
            "line": 0,
            "symbol": "BELL",
            "count": 3,
            "pay": 15,
            "amount": 45
          }
        ],
        "scatters": 0,
        "scatter_pay": 0,
        "scatter_amount": 0,
        "free_spins": 0,
        "multiplier": 3,
        "win": 45
      },
      {
        "stops": [
          26,
          25,
          19,
          5,
          16
        ],
        "window": [
          [
            "K",
            "A",
            "BAR",
            "WILD",
            "A"
          ],
          [
            "WILD",
            "Q",
            "BELL",
            "K",
            "SCATTER"
          ],
          [
            "A",
            "J",
            "Q",
            "SEVEN",
            "BELL"
          ]
        ],
        "lines": [
          {
            "line": 14,
            "symbol": "Q",
            "count": 3,
            "pay": 3,
            "amount": 9
          }
        ],
        "scatters": 1,
        "scatter_pay": 0,
        "scatter_amount": 0,
        "free_spins": 0,
        "multiplier": 3,
        "win": 9
      },
      {
        "stops": [
          0,
          28,
          3,
          9,
          29
        ],
        "window": [
          [
            "DIAMOND",
            "K",
            "Q",
            "J",
            "A"
          ],
          [
            "BAR",
            "DIAMOND",
            "A",
            "Q",
            "Q"
          ],
          [
            "Q",
            "BAR",
            "BELL",
            "SCATTER",
            "SEVEN"
          ]
        ],
        "scatters": 1,
        "scatter_pay": 0,
        "scatter_amount": 0,
        "free_spins": 0,
        "multiplier": 3,
        "win": 0
      },
      {
        "stops": [
          26,
          4,
          27,
          15,
          2
        ],
        "window": [
          [
            "K",
            "Q",
            "Q",
            "WILD",
            "BAR"
          ],
          [
            "WILD",
            "WILD",
            "BELL",
            "BELL",
            "J"
          ],
          [
            "A",
            "A",
            "J",
            "SEVEN",
            "BELL"
          ]
        ],
        "lines": [
          {
            "line": 0,
            "symbol": "BELL",
            "count": 4,
            "pay": 50,
            "amount": 150
          },
          {
            "line": 7,
            "symbol": "Q",
            "count": 4,
            "pay": 10,
            "amount": 30
          },
          {
            "line": 13,
            "symbol": "Q",
            "count": 3,
            "pay": 3,
            "amount": 9
          },
          {
            "line": 14,
            "symbol": "J",
            "count": 3,
            "pay": 2,
            "amount": 6
          }
        ],
        "scatters": 0,
        "scatter_pay": 0,
        "scatter_amount": 0,
        "free_spins": 0,
        "multiplier": 3,
        "win": 195
      }
    ],
    "free_spins_awarded": 12,
    "free_spins_win": 414,
    "win": 814
  },
  "created_at": "2026-11-22T21:40:19Z"
};

export const baccaratSession = {
  "game_code": "gh_baccarat",
  "kind": "baccarat",
  "version": "punto-banco-8/1",
  "demo": true,
  "currency": "USD",
  "exponent": 2,
  "balance": 199880,
  "rtp": 0.989420942157528,
  "limits": {
    "unit": 1,
    "chips": [
      20,
      100,
      500,
      1000,
      5000,
      10000
    ],
    "max_bet": 50000
  },
  "rules": {
    "decks": 8,
    "house_edge": {
      "banker": 0.01057905784247204,
      "player": 0.012350813289166152,
      "tie": 0.1435962877872382
    },
    "pays": {
      "banker": "0.95:1",
      "player": "1:1",
      "tie": "8:1"
    },
    "rules": [
      "Every hand is dealt from a freshly shuffled 8-deck shoe, as a continuous shuffler does.",
      "Standard punto banco drawing rules.",
      "Banker wins pay 0.95:1; the 5% commission is rounded up to the minor unit.",
      "Player and banker bets push on a tie."
    ]
  }
};

export const baccaratRound = {
  "id": 141,
  "game_code": "gh_baccarat",
  "game_version": "punto-banco-8/1",
  "currency": "USD",
  "stake": 120,
  "win": 0,
  "balance_before": 200000,
  "balance_after": 199880,
  "choices": {
    "bets": {
      "banker": 0,
      "player": 100,
      "tie": 20
    }
  },
  "outcome": {
    "hand": {
      "player": [
        "7S",
        "9S"
      ],
      "banker": [
        "7S",
        "KH"
      ],
      "player_total": 6,
      "banker_total": 7,
      "natural": false,
      "winner": "banker",
      "shuffled": false
    },
    "results": [
      {
        "bet": {
          "kind": "player",
          "stake": 100
        },
        "return": 0,
        "net": -100,
        "commission": 0,
        "push": false
      },
      {
        "bet": {
          "kind": "tie",
          "stake": 20
        },
        "return": 0,
        "net": -20,
        "commission": 0,
        "push": false
      }
    ]
  },
  "created_at": "2026-11-22T21:40:19Z"
};

export const kenoSession = {
  "game_code": "gh_keno",
  "kind": "keno",
  "version": "keno-80-20/1",
  "demo": true,
  "currency": "USD",
  "exponent": 2,
  "balance": 199990,
  "rtp": 0.95,
  "limits": {
    "unit": 1,
    "stakes": [
      10,
      20,
      50,
      100,
      200,
      500,
      1000,
      5000
    ]
  },
  "rules": {
    "version": "1",
    "numbers": 80,
    "drawn": 20,
    "picks": [
      {
        "picks": 1,
        "pays": [
          {
            "hits": 1,
            "x10": 38,
            "multiplier": "3.8"
          }
        ],
        "rtp": 0.95,
        "hit_frequency": 0.25
      },
      {
        "picks": 2,
        "pays": [
          {
            "hits": 1,
            "x10": 10,
            "multiplier": "1"
          },
          {
            "hits": 2,
            "x10": 90,
            "multiplier": "9"
          }
        ],
        "rtp": 0.9208860759493671,
        "hit_frequency": 0.439873417721519
      },
      {
        "picks": 3,
        "pays": [
          {
            "hits": 2,
            "x10": 25,
            "multiplier": "2.5"
          },
          {
            "hits": 3,
            "x10": 420,
            "multiplier": "42"
          }
        ],
        "rtp": 0.9296494644595911,
        "hit_frequency": 0.15262901655306718
      },
      {
        "picks": 4,
        "pays": [
          {
            "hits": 2,
            "x10": 10,
            "multiplier": "1"
          },
          {
            "hits": 3,
            "x10": 80,
            "multiplier": "8"
          },
          {
            "hits": 4,
            "x10": 1200,
            "multiplier": "120"
          }
        ],
        "rtp": 0.9262256730611161,
        "hit_frequency": 0.25894674945307855
      },
      {
        "picks": 5,
        "pays": [
          {
            "hits": 3,
            "x10": 30,
            "multiplier": "3"
          },
          {
            "hits": 4,
            "x10": 200,
            "multiplier": "20"
          },
          {
            "hits": 5,
            "x10": 7000,
            "multiplier": "700"
          }
        ],
        "rtp": 0.9450992045928754,
        "hit_frequency": 0.0966723150267454
      },
      {
        "picks": 6,
        "pays": [
          {
            "hits": 3,
            "x10": 20,
            "multiplier": "2"
          },
          {
            "hits": 4,
            "x10": 80,
            "multiplier": "8"
          },
          {
            "hits": 5,
            "x10": 800,
            "multiplier": "80"
          },
          {
            "hits": 6,
            "x10": 15000,
            "multiplier": "1500"
          }
        ],
        "rtp": 0.929070929070929,
        "hit_frequency": 0.16158208879727867
      },
      {
        "picks": 7,
        "pays": [
          {
            "hits": 3,
            "x10": 10,
            "multiplier": "1"
          },
          {
            "hits": 4,
            "x10": 50,
            "multiplier": "5"
          },
          {
            "hits": 5,
            "x10": 300,
            "multiplier": "30"
          },
          {
            "hits": 6,
            "x10": 2000,
            "multiplier": "200"
          },
          {
            "hits": 7,
            "x10": 40000,
            "multiplier": "4000"
          }
        ],
        "rtp": 0.9391287809009328,
        "hit_frequency": 0.2365791922753948
      },
      {
        "picks": 8,
        "pays": [
          {
            "hits": 4,
            "x10": 20,
            "multiplier": "2"
          },
          {
            "hits": 5,
            "x10": 180,
            "multiplier": "18"
          },
          {
            "hits": 6,
            "x10": 1000,
            "multiplier": "100"
          },
          {
            "hits": 7,
            "x10": 10000,
            "multiplier": "1000"
          },
          {
            "hits": 8,
            "x10": 100000,
            "multiplier": "10000"
          }
        ],
        "rtp": 0.9330370790055201,
        "hit_frequency": 0.10233780157483989
      },
      {
        "picks": 9,
        "pays": [
          {
            "hits": 4,
            "x10": 10,
            "multiplier": "1"
          },
          {
            "hits": 5,
            "x10": 90,
            "multiplier": "9"
          },
          {
            "hits": 6,
            "x10": 400,
            "multiplier": "40"
          },
          {
            "hits": 7,
            "x10": 3000,
            "multiplier": "300"
          },
          {
            "hits": 8,
            "x10": 35000,
            "multiplier": "3500"
          },
          {
            "hits": 9,
            "x10": 100000,
            "multiplier": "10000"
          }
        ],
        "rtp": 0.9351207118677207,
        "hit_frequency": 0.15305121583949396
      },
      {
        "picks": 10,
        "pays": [
          {
            "hits": 0,
            "x10": 20,
            "multiplier": "2"
          },
          {
            "hits": 5,
            "x10": 20,
            "multiplier": "2"
          },
          {
            "hits": 6,
            "x10": 220,
            "multiplier": "22"
          },
          {
            "hits": 7,
            "x10": 2000,
            "multiplier": "200"
          },
          {
            "hits": 8,
            "x10": 10000,
            "multiplier": "1000"
          },
          {
            "hits": 9,
            "x10": 50000,
            "multiplier": "5000"
          },
          {
            "hits": 10,
            "x10": 100000,
            "multiplier": "10000"
          }
        ],
        "rtp": 0.9363567957307959,
        "hit_frequency": 0.1104505783855508
      }
    ],
    "rules": [
      "20 of the numbers 1 to 80 are drawn. Pick 1 to 10 different numbers; the pay depends on how many you pick and how many of them are drawn.",
      "Pays are multiples of the stake; a win is rounded down to the currency's smallest unit."
    ]
  }
};

export const kenoRound = {
  "id": 142,
  "game_code": "gh_keno",
  "game_version": "keno-80-20/1",
  "currency": "USD",
  "stake": 10,
  "win": 0,
  "balance_before": 200000,
  "balance_after": 199990,
  "choices": {
    "picks": [
      1,
      5,
      12,
      23,
      34,
      45,
      56,
      67
    ],
    "stake": 10
  },
  "outcome": {
    "drawn": [
      21,
      74,
      15,
      28,
      65,
      67,
      16,
      29,
      33,
      80,
      72,
      11,
      52,
      18,
      9,
      60,
      77,
      10,
      69,
      55
    ],
    "hits": 1
  },
  "created_at": "2026-11-22T21:40:19Z"
};

/** /v3/game_list as the demo seed answers it (a subset: the in-house games and two per provider and type). */
export const catalogueGames = [{"game_id": 1, "gp_id": 1, "gp_code": "GP001", "game_type": 2, "game_code": "gh_slot_fortune", "game_name": {"en_US": "Fortune Reels", "vi_VN": "Vòng Quay Tài Lộc", "zh_CN": "财富转轴"}, "house": 1, "customized": 0, "icon_light": "/media/game/gh_slot_fortune.svg", "icon_dark": "/media/game/gh_slot_fortune-dark.svg", "member_favorite": 0, "android_id": "e_gh_slot_fortune", "logo_img_id": "GP001", "tags": ["hot"], "connected": 1}, {"game_id": 4, "gp_id": 2, "gp_code": "GP002", "game_type": 2, "game_code": "aur_northern_lights", "game_name": {"en_US": "Northern Lights", "vi_VN": "Bắc Cực Quang", "zh_CN": "北极光"}, "house": 0, "customized": 0, "icon_light": "/media/game/aur_northern_lights.svg", "icon_dark": "/media/game/aur_northern_lights-dark.svg", "member_favorite": 0, "android_id": "e_aur_northern_lights", "logo_img_id": "GP002", "tags": ["hot"], "connected": 0}, {"game_id": 5, "gp_id": 2, "gp_code": "GP002", "game_type": 2, "game_code": "aur_polar_treasure", "game_name": {"en_US": "Polar Treasure", "vi_VN": "Kho Báu Vùng Cực", "zh_CN": "极地宝藏"}, "house": 0, "customized": 0, "icon_light": "/media/game/aur_polar_treasure.svg", "icon_dark": "/media/game/aur_polar_treasure-dark.svg", "member_favorite": 0, "android_id": "e_aur_polar_treasure", "logo_img_id": "GP002", "tags": [], "connected": 0}, {"game_id": 10, "gp_id": 3, "gp_code": "GP003", "game_type": 2, "game_code": "drg_jade_dragon", "game_name": {"en_US": "Jade Dragon", "vi_VN": "Rồng Ngọc", "zh_CN": "翡翠龙"}, "house": 0, "customized": 0, "icon_light": "/media/game/drg_jade_dragon.svg", "icon_dark": "/media/game/drg_jade_dragon-dark.svg", "member_favorite": 0, "android_id": "e_drg_jade_dragon", "logo_img_id": "GP003", "tags": ["hot"], "connected": 0}, {"game_id": 11, "gp_id": 3, "gp_code": "GP003", "game_type": 2, "game_code": "drg_lucky_koi", "game_name": {"en_US": "Lucky Koi", "vi_VN": "Cá Chép May Mắn", "zh_CN": "幸运锦鲤"}, "house": 0, "customized": 0, "icon_light": "/media/game/drg_lucky_koi.svg", "icon_dark": "/media/game/drg_lucky_koi-dark.svg", "member_favorite": 0, "android_id": "e_drg_lucky_koi", "logo_img_id": "GP003", "tags": [], "connected": 0}, {"game_id": 16, "gp_id": 4, "gp_code": "GP004", "game_type": 3, "game_code": "vel_lobby", "game_name": {"en_US": "Velvet Live Lobby", "vi_VN": "Sảnh Velvet Live", "zh_CN": "丝绒真人大厅"}, "house": 0, "customized": 1, "icon_light": "/media/game/vel_lobby.svg", "icon_dark": "/media/game/vel_lobby-dark.svg", "member_favorite": 0, "android_id": "v_vel_lobby", "logo_img_id": "GP004", "tags": [], "connected": 0}, {"game_id": 17, "gp_id": 4, "gp_code": "GP004", "game_type": 3, "game_code": "vel_baccarat", "game_name": {"en_US": "Velvet Baccarat", "vi_VN": "Baccarat Nhung", "zh_CN": "丝绒百家乐"}, "house": 0, "customized": 0, "icon_light": "/media/game/vel_baccarat.svg", "icon_dark": "/media/game/vel_baccarat-dark.svg", "member_favorite": 0, "android_id": "v_vel_baccarat", "logo_img_id": "GP004", "tags": ["hot"], "connected": 0}, {"game_id": 51, "gp_id": 11, "gp_code": "GP011", "game_type": 3, "game_code": "jad_speed_baccarat", "game_name": {"en_US": "Jade Speed Baccarat", "vi_VN": "Baccarat Tốc Độ Ngọc Bích", "zh_CN": "翡翠极速百家乐"}, "house": 0, "customized": 0, "icon_light": "/media/game/jad_speed_baccarat.svg", "icon_dark": "/media/game/jad_speed_baccarat-dark.svg", "member_favorite": 0, "android_id": "v_jad_speed_baccarat", "logo_img_id": "GP011", "tags": ["hot"], "connected": 0}, {"game_id": 52, "gp_id": 11, "gp_code": "GP011", "game_type": 3, "game_code": "jad_fan_tan", "game_name": {"en_US": "Jade Fan Tan", "vi_VN": "Fan Tan Ngọc Bích", "zh_CN": "翡翠番摊"}, "house": 0, "customized": 0, "icon_light": "/media/game/jad_fan_tan.svg", "icon_dark": "/media/game/jad_fan_tan-dark.svg", "member_favorite": 0, "android_id": "v_jad_fan_tan", "logo_img_id": "GP011", "tags": [], "connected": 0}, {"game_id": 22, "gp_id": 5, "gp_code": "GP005", "game_type": 4, "game_code": "pit_sportsbook", "game_name": {"en_US": "Pitchside Sportsbook", "vi_VN": "Cá cược thể thao Pitchside", "zh_CN": "Pitchside 体育投注"}, "house": 0, "customized": 1, "icon_light": "/media/game/pit_sportsbook.svg", "icon_dark": "/media/game/pit_sportsbook-dark.svg", "member_favorite": 0, "android_id": "s_pit_sportsbook", "logo_img_id": "GP005", "tags": ["hot"], "connected": 0}, {"game_id": 23, "gp_id": 5, "gp_code": "GP005", "game_type": 4, "game_code": "pit_live_betting", "game_name": {"en_US": "Live Betting", "vi_VN": "Cược trực tiếp", "zh_CN": "滚球投注"}, "house": 0, "customized": 0, "icon_light": "/media/game/pit_live_betting.svg", "icon_dark": "/media/game/pit_live_betting-dark.svg", "member_favorite": 0, "android_id": "s_pit_live_betting", "logo_img_id": "GP005", "tags": [], "connected": 0}, {"game_id": 3, "gp_id": 1, "gp_code": "GP001", "game_type": 5, "game_code": "gh_keno", "game_name": {"en_US": "Gamehall Keno", "vi_VN": "Keno Gamehall", "zh_CN": "Gamehall 基诺"}, "house": 1, "customized": 0, "icon_light": "/media/game/gh_keno.svg", "icon_dark": "/media/game/gh_keno-dark.svg", "member_favorite": 0, "android_id": "l_gh_keno", "logo_img_id": "GP001", "tags": ["hot", "new"], "connected": 1}, {"game_id": 26, "gp_id": 6, "gp_code": "GP006", "game_type": 5, "game_code": "lkd_speed_lotto", "game_name": {"en_US": "Speed Lotto", "vi_VN": "Xổ Số Siêu Tốc", "zh_CN": "极速乐透"}, "house": 0, "customized": 0, "icon_light": "/media/game/lkd_speed_lotto.svg", "icon_dark": "/media/game/lkd_speed_lotto-dark.svg", "member_favorite": 0, "android_id": "l_lkd_speed_lotto", "logo_img_id": "GP006", "tags": ["hot"], "connected": 0}, {"game_id": 27, "gp_id": 6, "gp_code": "GP006", "game_type": 5, "game_code": "lkd_lucky_six", "game_name": {"en_US": "Lucky Six", "vi_VN": "Sáu Số May Mắn", "zh_CN": "幸运六合"}, "house": 0, "customized": 0, "icon_light": "/media/game/lkd_lucky_six.svg", "icon_dark": "/media/game/lkd_lucky_six-dark.svg", "member_favorite": 0, "android_id": "l_lkd_lucky_six", "logo_img_id": "GP006", "tags": [], "connected": 0}, {"game_id": 2, "gp_id": 1, "gp_code": "GP001", "game_type": 6, "game_code": "gh_baccarat", "game_name": {"en_US": "Gamehall Baccarat", "vi_VN": "Baccarat Gamehall", "zh_CN": "Gamehall 百家乐"}, "house": 1, "customized": 0, "icon_light": "/media/game/gh_baccarat.svg", "icon_dark": "/media/game/gh_baccarat-dark.svg", "member_favorite": 0, "android_id": "c_gh_baccarat", "logo_img_id": "GP001", "tags": ["hot"], "connected": 1}, {"game_id": 31, "gp_id": 7, "gp_code": "GP007", "game_type": 6, "game_code": "roy_holdem", "game_name": {"en_US": "Royal Hold'em", "vi_VN": "Hold'em Hoàng Gia", "zh_CN": "皇家德州扑克"}, "house": 0, "customized": 0, "icon_light": "/media/game/roy_holdem.svg", "icon_dark": "/media/game/roy_holdem-dark.svg", "member_favorite": 0, "android_id": "c_roy_holdem", "logo_img_id": "GP007", "tags": [], "connected": 0}, {"game_id": 32, "gp_id": 7, "gp_code": "GP007", "game_type": 6, "game_code": "roy_bull_bull", "game_name": {"en_US": "Bull & Bull", "vi_VN": "Ngưu Ngưu", "zh_CN": "牛牛"}, "house": 0, "customized": 0, "icon_light": "/media/game/roy_bull_bull.svg", "icon_dark": "/media/game/roy_bull_bull-dark.svg", "member_favorite": 0, "android_id": "c_roy_bull_bull", "logo_img_id": "GP007", "tags": ["hot"], "connected": 0}, {"game_id": 54, "gp_id": 11, "gp_code": "GP011", "game_type": 6, "game_code": "jad_mahjong", "game_name": {"en_US": "Jade Mahjong", "vi_VN": "Mạt Chược Ngọc Bích", "zh_CN": "翡翠麻将"}, "house": 0, "customized": 0, "icon_light": "/media/game/jad_mahjong.svg", "icon_dark": "/media/game/jad_mahjong-dark.svg", "member_favorite": 0, "android_id": "c_jad_mahjong", "logo_img_id": "GP011", "tags": ["new"], "connected": 0}, {"game_id": 55, "gp_id": 11, "gp_code": "GP011", "game_type": 6, "game_code": "jad_pai_gow", "game_name": {"en_US": "Jade Pai Gow", "vi_VN": "Bài Cẩu Ngọc Bích", "zh_CN": "翡翠牌九"}, "house": 0, "customized": 0, "icon_light": "/media/game/jad_pai_gow.svg", "icon_dark": "/media/game/jad_pai_gow-dark.svg", "member_favorite": 0, "android_id": "c_jad_pai_gow", "logo_img_id": "GP011", "tags": [], "connected": 0}, {"game_id": 37, "gp_id": 8, "gp_code": "GP008", "game_type": 7, "game_code": "tur_virtual_football", "game_name": {"en_US": "Virtual Football League", "vi_VN": "Giải bóng đá ảo", "zh_CN": "虚拟足球联赛"}, "house": 0, "customized": 0, "icon_light": "/media/game/tur_virtual_football.svg", "icon_dark": "/media/game/tur_virtual_football-dark.svg", "member_favorite": 0, "android_id": "t_tur_virtual_football", "logo_img_id": "GP008", "tags": ["hot"], "connected": 0}, {"game_id": 38, "gp_id": 8, "gp_code": "GP008", "game_type": 7, "game_code": "tur_greyhounds", "game_name": {"en_US": "Greyhound Sprint", "vi_VN": "Đua chó ảo", "zh_CN": "赛狗冲刺"}, "house": 0, "customized": 0, "icon_light": "/media/game/tur_greyhounds.svg", "icon_dark": "/media/game/tur_greyhounds-dark.svg", "member_favorite": 0, "android_id": "t_tur_greyhounds", "logo_img_id": "GP008", "tags": [], "connected": 0}, {"game_id": 42, "gp_id": 9, "gp_code": "GP009", "game_type": 8, "game_code": "cpa_arena_live", "game_name": {"en_US": "Cockpit Arena Live", "vi_VN": "Đấu trường Cockpit trực tiếp", "zh_CN": "斗鸡竞技场直播"}, "house": 0, "customized": 1, "icon_light": "/media/game/cpa_arena_live.svg", "icon_dark": "/media/game/cpa_arena_live-dark.svg", "member_favorite": 0, "android_id": "d_cpa_arena_live", "logo_img_id": "GP009", "tags": ["hot"], "connected": 0}, {"game_id": 43, "gp_id": 9, "gp_code": "GP009", "game_type": 8, "game_code": "cpa_main_event", "game_name": {"en_US": "Main Event", "vi_VN": "Trận chính", "zh_CN": "主赛事"}, "house": 0, "customized": 0, "icon_light": "/media/game/cpa_main_event.svg", "icon_dark": "/media/game/cpa_main_event-dark.svg", "member_favorite": 0, "android_id": "d_cpa_main_event", "logo_img_id": "GP009", "tags": [], "connected": 0}, {"game_id": 46, "gp_id": 10, "gp_code": "GP010", "game_type": 9, "game_code": "pix_esports_hub", "game_name": {"en_US": "Pixel Esports Hub", "vi_VN": "Trung tâm Esports Pixel", "zh_CN": "像素电竞中心"}, "house": 0, "customized": 1, "icon_light": "/media/game/pix_esports_hub.svg", "icon_dark": "/media/game/pix_esports_hub-dark.svg", "member_favorite": 0, "android_id": "g_pix_esports_hub", "logo_img_id": "GP010", "tags": [], "connected": 0}, {"game_id": 47, "gp_id": 10, "gp_code": "GP010", "game_type": 9, "game_code": "pix_moba_masters", "game_name": {"en_US": "MOBA Masters", "vi_VN": "Cao thủ MOBA", "zh_CN": "MOBA 大师"}, "house": 0, "customized": 0, "icon_light": "/media/game/pix_moba_masters.svg", "icon_dark": "/media/game/pix_moba_masters-dark.svg", "member_favorite": 0, "android_id": "g_pix_moba_masters", "logo_img_id": "GP010", "tags": ["hot"], "connected": 0}];
