// The sandbox provider's game page (slot, keno or baccarat, as the session
// says): every round is decided by its server; the page only shows it.
(function () {
  'use strict';
  var q = new URLSearchParams(location.search);
  var session = q.get('session') || '';
  var lobby = q.get('lobby') || '';
  if (lobby.charAt(0) === '/' && lobby.charAt(1) !== '/' && lobby.charAt(1) !== '\\') {
    document.getElementById('close').setAttribute('href', lobby);
  }
  var info = null;
  var picks = [];
  var betKind = 'banker';
  function $(id) { return document.getElementById(id); }
  function el(tag, text) { var e = document.createElement(tag); if (text !== undefined) e.textContent = text; return e; }
  function pct(x) { return (x * 100).toFixed(2) + '%'; }
  function money(minor) {
    var e = info ? info.exponent : 2;
    return (minor / Math.pow(10, e)).toFixed(e) + ' ' + (info ? info.currency : '');
  }
  function call(path, body) {
    return fetch('/rgs/api/' + path, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body)
    }).then(function (r) { return r.json(); });
  }
  function rid() {
    var a = new Uint8Array(12);
    crypto.getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }
  function showSlot(w) {
    var g = $('grid');
    g.textContent = '';
    for (var row = 0; row < w.length; row++) {
      for (var reel = 0; reel < w[row].length; reel++) g.appendChild(el('div', w[row][reel]));
    }
  }
  function kenoRTP() {
    var t = info.paytable.picks.filter(function (p) { return p.picks === picks.length; })[0];
    $('info').textContent = 'Pick ' + info.min_picks + '–' + info.max_picks + ' of 80 · ' + picks.length + ' picked' +
      (t ? ' · RTP ' + pct(t.rtp) + ' · pays ' + t.pays.map(function (p) { return p.hits + ':' + p.multiplier + 'x'; }).join(' ') : '') +
      ' · v' + info.version;
    $('spin').disabled = picks.length < info.min_picks;
  }
  function kenoBoard(drawn, hits) {
    var g = $('grid');
    g.className = 'keno';
    g.textContent = '';
    for (var n = 1; n <= 80; n++) {
      var b = el('button', String(n));
      b.type = 'button';
      b.setAttribute('aria-pressed', picks.indexOf(n) >= 0 ? 'true' : 'false');
      if (drawn && drawn.indexOf(n) >= 0) b.className = picks.indexOf(n) >= 0 ? 'drawn hit' : 'drawn';
      b.addEventListener('click', (function (n) {
        return function () {
          var i = picks.indexOf(n);
          if (i >= 0) picks.splice(i, 1); else if (picks.length < info.max_picks) picks.push(n);
          kenoBoard();
          kenoRTP();
        };
      })(n));
      g.appendChild(b);
    }
  }
  function baccaratHand(hand) {
    var g = $('grid');
    g.className = 'baccarat';
    g.textContent = '';
    if (!hand) return;
    g.appendChild(el('div', 'Player ' + hand.player.join(' ') + ' = ' + hand.player_total));
    g.appendChild(el('div', 'Banker ' + hand.banker.join(' ') + ' = ' + hand.banker_total));
  }
  function baccaratKinds() {
    var k = $('kinds');
    k.hidden = false;
    k.textContent = '';
    ['player', 'banker', 'tie'].forEach(function (kind) {
      var b = el('button', kind.charAt(0).toUpperCase() + kind.slice(1));
      b.type = 'button';
      b.setAttribute('aria-pressed', kind === betKind ? 'true' : 'false');
      b.addEventListener('click', function () { betKind = kind; baccaratKinds(); });
      k.appendChild(b);
    });
  }
  call('session', { session: session }).then(function (r) {
    if (r.code !== 0) { $('msg').textContent = r.message; return; }
    info = r.data;
    document.title = info.name;
    $('name').textContent = info.name + (info.demo ? ' (demo)' : '');
    $('balance').textContent = money(info.balance);
    var ladder = info.kind === 'slot' ? info.line_bets : info.stakes.map(function (s) { return s * 100; });
    ladder.forEach(function (b) {
      var o = el('option', money(b));
      o.value = b;
      $('bet').appendChild(o);
    });
    if (info.kind === 'slot') {
      $('bet-label').textContent = 'Line bet';
      $('spin').textContent = 'Spin';
      $('info').textContent = 'RTP ' + pct(info.rtp) + ' · ' + info.lines + ' lines · free spins ×' +
        info.paytable.free_spin_multiplier + ' · v' + info.version;
      $('spin').disabled = false;
    } else if (info.kind === 'keno') {
      $('spin').textContent = 'Draw';
      for (var i = 0; i < info.min_picks; i++) picks.push(7 * i + 3);
      kenoBoard();
      kenoRTP();
    } else {
      $('spin').textContent = 'Deal';
      var e = info.edges;
      $('info').textContent = info.rules.decks + ' decks · banker pays ' + (info.rules.banker_pay_percent / 100) + ':1 · tie ' +
        (info.rules.tie_pay_percent / 100) + ':1 · RTP banker ' + pct(1 - e.banker_edge) + ', player ' + pct(1 - e.player_edge) +
        ', tie ' + pct(1 - e.tie_edge);
      baccaratKinds();
      baccaratHand();
      $('spin').disabled = false;
    }
  });
  $('spin').addEventListener('click', function () {
    var body = { session: session, request_id: rid() };
    var amount = Number($('bet').value);
    if (info.kind === 'slot') body.line_bet = amount;
    else if (info.kind === 'keno') { body.picks = picks.slice(); body.stake = amount; }
    else body.bets = [{ kind: betKind, stake: amount }];
    $('spin').disabled = true;
    call('play', body).then(function (r) {
      $('spin').disabled = false;
      if (r.code !== 0) { $('msg').textContent = r.message; return; }
      var o = r.data.outcome;
      if (info.kind === 'slot') showSlot(o.base.window);
      else if (info.kind === 'keno') kenoBoard(o.drawn, o.hits);
      else baccaratHand(o.hand);
      $('balance').textContent = money(r.data.balance);
      $('msg').textContent = r.data.win > 0 ? 'Win ' + money(r.data.win) : 'No win';
    }, function () { $('spin').disabled = false; $('msg').textContent = 'network error'; });
  });
})();
