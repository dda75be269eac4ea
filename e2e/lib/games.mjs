// Steps inside the in-house game pages shared by the game journeys: amounts
// in minor units as the page shows them, the rules panel, the round history
// and closing the game.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts } from './harness.mjs';

export const PLAY_MONEY = 'Demo · play money';
export const REAL_MONEY = 'Real money';

/** "$1,999.80", "You won 0.20", "1,999.80" -> 199980 (minor units of a two-decimal currency). */
export function minor(text) {
  const m = String(text).match(/-?\d[\d,]*\.\d{2}\b/);
  assert.ok(m, `no amount in "${text}"`);
  return Number(m[0].replace(/[,.]/g, ''));
}

/** The win a result line shows: "You won 1.20" or "No win this round". */
export function winOf(text) {
  if (/No win this round/.test(text)) return 0;
  assert.match(text, /You won \d/, `result line "${text}"`);
  return minor(text.slice(text.indexOf('You won')));
}

/** Re-reads until check passes (or gives up) and returns the last value read. */
export async function settled(read, check, timeout = 15000) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Screenshots the game window too when a step inside it fails (inPage only shoots the lobby). */
export async function inGameWindow(popup, name, fn) {
  try {
    await fn();
  } catch (err) {
    if (popup && !popup.isClosed()) {
      mkdirSync(artifacts, { recursive: true });
      const file = join(artifacts, `${name}-game-window.png`.replace(/[^\w.-]+/g, '_'));
      await popup.screenshot({ path: file, fullPage: true }).catch(() => {});
      err.message += `\n(game window screenshot: ${file})`;
    }
    throw err;
  }
}

/** The rules with the return to player come first; "Start playing" closes them. Returns the RTP text. */
export async function readRulesAndStart(game, vp, { kind, rtp, money = PLAY_MONEY }) {
  const rules = game.getByTestId('rules-panel');
  await rules.waitFor();
  const rtpText = await game.getByTestId('rules-rtp').innerText();
  assert.match(rtpText, /Return to player/);
  assert.match(rtpText, rtp);
  const text = await rules.innerText();
  assert.match(text, /Paytable/);
  // Every paytable cell is a table cell, so each row's line runs unbroken under the first column.
  const cells = await rules.locator('.gp-table td').evaluateAll((tds) => tds.map((td) => getComputedStyle(td).display));
  assert.ok(cells.length > 0, 'the paytable has cells');
  assert.deepEqual([...new Set(cells)], ['table-cell']);
  assert.match(text, new RegExp(money, 'i'));
  assert.match(text, /Check the return to player, the paytable and the limits before you play/);
  const start = game.getByTestId('rules-start');
  assert.equal(await start.innerText(), 'Start playing');
  await start.click();
  await rules.waitFor({ state: 'hidden' });
  await game.getByTestId(`game-${kind}`).waitFor();
  const percent = rtpText.match(/\d+\.\d{2}%/)[0];
  // The header keeps the RTP at hand; a desktop also keeps the play-money
  // badge by the title (a phone's narrow header hides it, game.css).
  assert.match(await game.getByTestId('rules-open').innerText(), new RegExp(percent.replace('.', '\\.')));
  if (vp === 'desktop') assert.match(await game.getByTestId(`game-${kind}`).locator('.gp-title').innerText(), new RegExp(money, 'i'));
  return percent;
}

/** Opens the round history and returns its one row's bet, win and balance after (minor units) and text. */
export async function lastRound(game) {
  await game.getByTestId('history-open').click();
  const panel = game.getByTestId('history-panel');
  await panel.waitFor();
  const rows = panel.getByTestId('history-row');
  await rows.first().waitFor();
  assert.equal(await rows.count(), 1, 'one round in this session');
  const row = rows.first();
  const round = {
    bet: minor(await row.getByTestId('history-bet').innerText()),
    win: minor(await row.getByTestId('history-win').innerText()),
    after: minor(await row.getByTestId('history-after').innerText()),
    text: await row.innerText(),
  };
  // The time of the round (in the site's zone) and its number.
  assert.match(round.text, /\d{2}\/\d{2}, \d{2}:\d{2}:\d{2}/);
  assert.match(round.text, /Round #\d+/);
  await game.getByTestId('history-close').click();
  await panel.waitFor({ state: 'hidden' });
  return round;
}

/** The game's close button ends it: the modal goes away, or the game window closes. */
export async function closeGame(page, game, popup) {
  if (popup) {
    await Promise.all([popup.waitForEvent('close'), game.getByTestId('game-close').click()]);
  } else {
    await game.getByTestId('game-close').click();
    await page.getByTestId('game-modal').waitFor({ state: 'detached' });
  }
}
