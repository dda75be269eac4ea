// The sandbox provider's game page (slot, keno or baccarat, as the session
// says): every round is decided by its server; the page only shows it, in
// the language the launch named (i18n.js).
(function () {
  'use strict';
  var q = new URLSearchParams(location.search);
  var session = q.get('session') || '';
  var lobby = q.get('lobby') || '';
  var lang = RGS.detectLang(location.search, navigator.languages || [navigator.language]);
  function t(key, vars) { return RGS.tx(lang, key, vars); }
  document.documentElement.lang = lang.replace('_', '-');
  document.querySelectorAll('[data-i18n]').forEach(function (e) { e.textContent = t(e.getAttribute('data-i18n')); });
  if (lobby.charAt(0) === '/' && lobby.charAt(1) !== '/' && lobby.charAt(1) !== '\\') {
    document.getElementById('close').setAttribute('href', lobby);
  }
  var info = null;
  var picks = [];
  var betKind = 'banker';
  // Codes of the play API's refusals, shown in the page's language.
  var refusals = { 203: 'maintenance', 400: 'bad_bet', 402: 'insufficient', 404: 'session_ended', 429: 'too_many' };
  var codeReality = 460;
  function $(id) { return document.getElementById(id); }
  function el(tag, text) { var e = document.createElement(tag); if (text !== undefined) e.textContent = text; return e; }
  function pct(x) { return RGS.percent(x, lang); }
  function amount(minor, signed) { return RGS.money(minor, info ? info.exponent : 2, lang, signed); }
  function money(minor, signed) { return amount(minor, signed) + ' ' + (info ? info.currency : ''); }
  function call(path, body) {
    return fetch('/rgs/api/' + path, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body)
    }).then(function (r) { return r.json(); });
  }
  function refused(r) {
    if (r.code === codeReality && r.data) { showReality(r.data); return; }
    $('msg').textContent = t(refusals[r.code] || 'error_generic');
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
    var tbl = info.paytable.picks.filter(function (p) { return p.picks === picks.length; })[0];
    $('info').textContent = t('keno_pick', { min: info.min_picks, max: info.max_picks }) + ' · ' +
      t('picks_count', { n: picks.length, max: info.max_picks }) +
      (tbl ? ' · ' + t('rtp') + ' ' + pct(tbl.rtp) + ' · ' +
        t('pays', { ratio: tbl.pays.map(function (p) { return p.hits + ':' + p.multiplier + 'x'; }).join(' ') }) : '') +
      ' · ' + t('version') + ' ' + info.version;
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
    g.appendChild(el('div', t('player') + ' ' + hand.player.join(' ') + ' = ' + hand.player_total));
    g.appendChild(el('div', t('banker') + ' ' + hand.banker.join(' ') + ' = ' + hand.banker_total));
  }
  function baccaratKinds() {
    var k = $('kinds');
    k.hidden = false;
    k.textContent = '';
    ['player', 'banker', 'tie'].forEach(function (kind) {
      var b = el('button', t(kind));
      b.type = 'button';
      b.setAttribute('aria-pressed', kind === betKind ? 'true' : 'false');
      b.addEventListener('click', function () { betKind = kind; baccaratKinds(); });
      k.appendChild(b);
    });
  }
  // The reality check: rounds wait until the player has seen how long they
  // played and where this session stands, and acknowledged it.
  function showReality(r) {
    $('reality-elapsed').textContent = t('reality_elapsed', { minutes: r.elapsed_minutes });
    $('reality-net').textContent = money(r.net, true);
    [['reality-history', r.history_url], ['reality-limits', r.limits_url]].forEach(function (l) {
      $(l[0]).hidden = !l[1];
      if (l[1]) $(l[0]).setAttribute('href', l[1]);
    });
    $('spin').disabled = true;
    $('reality').hidden = false;
    $('reality-ack').focus();
  }
  $('reality-ack').addEventListener('click', function () {
    $('reality-ack').disabled = true;
    call('reality/ack', { session: session }).then(function (r) {
      $('reality-ack').disabled = false;
      if (r.code !== 0) { refused(r); return; }
      $('reality').hidden = true;
      $('msg').textContent = '';
      $('spin').disabled = info.kind === 'keno' && picks.length < info.min_picks;
    }, function () { $('reality-ack').disabled = false; $('msg').textContent = t('network'); });
  });
  function loadHistory() {
    call('history', { session: session }).then(function (r) {
      if (r.code !== 0) { refused(r); return; }
      var rows = $('history-rows');
      rows.textContent = '';
      $('history-empty').hidden = r.data.rounds.length > 0;
      r.data.rounds.forEach(function (x) {
        var tr = el('tr');
        tr.className = x.win > 0 ? 'win' : '';
        var at = el('td');
        var time = el('time', RGS.when(x.at, lang));
        time.setAttribute('datetime', x.at);
        at.appendChild(time);
        tr.appendChild(at);
        tr.appendChild(el('td', amount(x.stake)));
        tr.appendChild(el('td', amount(x.win)));
        tr.appendChild(el('td', amount(x.balance)));
        rows.appendChild(tr);
      });
    }, function () { $('msg').textContent = t('network'); });
  }
  $('history-open').addEventListener('click', function () {
    var open = $('history').hidden;
    $('history').hidden = !open;
    $('history-open').setAttribute('aria-expanded', open ? 'true' : 'false');
    if (open) loadHistory();
  });
  $('msg').textContent = t('loading');
  call('session', { session: session }).then(function (r) {
    if (r.code !== 0) { refused(r); return; }
    $('msg').textContent = '';
    info = r.data;
    document.title = info.name;
    $('name').textContent = info.name + (info.demo ? ' · ' + t('demo') : '');
    $('balance').textContent = money(info.balance);
    var ladder = info.kind === 'slot' ? info.line_bets : info.stakes.map(function (s) { return s * 100; });
    ladder.forEach(function (b) {
      var o = el('option', money(b));
      o.value = b;
      $('bet').appendChild(o);
    });
    if (info.kind === 'slot') {
      $('bet-label').textContent = t('line_bet');
      $('spin').textContent = t('spin');
      $('info').textContent = t('rtp') + ' ' + pct(info.rtp) + ' · ' + t('lines_n', { n: info.lines }) + ' · ' + t('free_spins') + ' ×' +
        info.paytable.free_spin_multiplier + ' · ' + t('version') + ' ' + info.version;
      $('spin').disabled = false;
    } else if (info.kind === 'keno') {
      $('spin').textContent = t('draw');
      for (var i = 0; i < info.min_picks; i++) picks.push(7 * i + 3);
      kenoBoard();
      kenoRTP();
    } else {
      $('spin').textContent = t('deal');
      var e = info.edges;
      $('info').textContent = t('decks', { n: info.rules.decks }) + ' · ' + t('banker') + ' ' +
        t('pays', { ratio: (info.rules.banker_pay_percent / 100) + ':1' }) + ' · ' + t('tie') + ' ' +
        t('pays', { ratio: (info.rules.tie_pay_percent / 100) + ':1' }) + ' · ' + t('rtp') + ' ' + t('banker') + ' ' +
        pct(1 - e.banker_edge) + ', ' + t('player') + ' ' + pct(1 - e.player_edge) + ', ' + t('tie') + ' ' + pct(1 - e.tie_edge);
      baccaratKinds();
      baccaratHand();
      $('spin').disabled = false;
    }
    if (info.reality) showReality(info.reality);
  }, function () { $('msg').textContent = t('network'); });
  $('spin').addEventListener('click', function () {
    var body = { session: session, request_id: rid() };
    var stake = Number($('bet').value);
    if (info.kind === 'slot') body.line_bet = stake;
    else if (info.kind === 'keno') { body.picks = picks.slice(); body.stake = stake; }
    else body.bets = [{ kind: betKind, stake: stake }];
    $('spin').disabled = true;
    call('play', body).then(function (r) {
      $('spin').disabled = false;
      if (r.code !== 0) { refused(r); return; }
      var o = r.data.outcome;
      if (info.kind === 'slot') showSlot(o.base.window);
      else if (info.kind === 'keno') kenoBoard(o.drawn, o.hits);
      else baccaratHand(o.hand);
      $('balance').textContent = money(r.data.balance);
      $('msg').textContent = r.data.win > 0 ? t('you_won', { amount: money(r.data.win) }) : t('no_win');
      if (!$('history').hidden) loadHistory();
    }, function () { $('spin').disabled = false; $('msg').textContent = t('network'); });
  });
})();
