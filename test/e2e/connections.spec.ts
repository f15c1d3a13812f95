/**
 * The Connections screen in Chromium, through the web host: an admin adds a production profile
 * (OAuth client credentials) against a standalone sandbox, is told at the field what the station
 * refuses, stores the client secret in a write-only field, tests the connection, switches to it
 * and ships a label through the page. The secret and every access token the service issued must
 * never come back to the page: not in any answer the page received, nor in the document, its
 * fields or its storage, nor in the event stream. Each view is scanned with axe.
 */
import { randomBytes } from 'node:crypto';
import { SANDBOX_PROFILE_ID } from '../../electron/api';
import type { RunningSandbox } from '../../electron/sandbox/sandbox';
import { encodingsOf } from '../support/leaks';
import { startTokenRecorder, type TokenRecorder } from '../support/tokenRecorder';
import { expect, expectAccessible, openDesk, openScreen, test, SLOW } from './desk';
import { ShipPage } from './shipPage';

const CLIENT_ID = 'desk-e2e';
// Unique per run, and long enough that finding it anywhere means it was put there.
const SECRET = `pb-e2e-secret-${randomBytes(24).toString('base64url')}`;
/** Only a guard against a hang on a busy machine. */

let service: RunningSandbox;
let recorder: TokenRecorder;

test.beforeAll(async ({ desk }) => {
  service = await desk.startServiceSandbox({ credentials: { clientId: CLIENT_ID, clientSecret: SECRET }, demoLocation: true });
  recorder = await startTokenRecorder(service.authUrl, SECRET);
});

test.afterAll(async ({ desk }) => {
  await desk.value('switchProfile', { profileId: SANDBOX_PROFILE_ID });
  await recorder.close();
});

test('a production profile: added, its secret stored write-only, tested, switched to and shipped with; the secret never comes back to the page', async ({ page, desk }) => {
  const answers: string[] = [];
  page.on('response', (response) => {
    // Every API answer the page received (the event stream is read from the station's side below).
    if (response.request().method() === 'POST') void response.text().then((text) => answers.push(text), () => undefined);
  });
  await openDesk(page, desk);
  await openScreen(page, 'Connections');
  const sandboxCard = page.getByRole('article', { name: 'Sandbox' });
  await expect(sandboxCard.getByTestId('profile-active')).toHaveText('Active');
  await expectAccessible(page, 'Connections');

  // Add: the station's words at the field it refuses.
  await page.getByRole('button', { name: 'Add a production connection' }).click();
  const form = page.getByRole('form', { name: 'New production connection' });
  await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.type('Production');
  await form.getByLabel('Base URL').fill('ftp://shipping.example');
  await form.getByLabel('Auth URL').fill(recorder.url);
  await form.getByLabel('Sign-in method').selectOption('oauth');
  await form.getByLabel('Client id').fill(CLIENT_ID);
  await form.getByLabel('Tier').selectOption('Premium');
  await form.getByRole('button', { name: 'Add connection' }).click();
  await expect(form.getByLabel('Base URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Base URL')).toBeFocused();
  await expect(form).toContainText('http(s) URL');
  await expectAccessible(page, 'Connections, a refused field');
  await form.getByLabel('Base URL').fill(service.baseUrl);
  await form.getByRole('button', { name: 'Add connection' }).click();
  await expect(form).toBeHidden();

  const card = page.getByRole('article', { name: 'Production' });
  await expect(card.getByTestId('profile-secret')).toHaveText('Not stored');
  await expect(card.getByTestId('profile-base-url')).toHaveText(service.baseUrl);

  // Without a secret the test says what is missing.
  await card.getByRole('button', { name: 'Test connection Production' }).click();
  await expect(card.getByTestId('profile-test')).toHaveText(/^Not connected: .+/, { timeout: SLOW });

  // The secret goes in once and is never shown again: the field empties, the card says "Stored".
  const secretField = card.getByLabel('Client secret', { exact: true });
  await expect(secretField).toHaveAttribute('type', 'password');
  await secretField.fill(SECRET);
  await card.getByRole('button', { name: 'Store client secret' }).click();
  await expect(card.getByTestId('profile-secret')).toHaveText('Stored');
  await expect(card.getByLabel('New client secret', { exact: true })).toHaveValue('');
  await expect(card.getByTestId('secret-state')).toHaveText('Client secret stored.');

  await card.getByRole('button', { name: 'Test connection Production' }).click();
  await expect(card.getByTestId('profile-test')).toHaveText(/^Connected: .+\(\d[\d,]* ms\)$/, { timeout: SLOW });
  await expectAccessible(page, 'Connections, a production profile tested');

  // Editing the address warns that the secret will be cleared; Esc leaves it unchanged.
  await card.getByRole('button', { name: 'Edit Production' }).click();
  const edit = page.getByRole('form', { name: 'Edit Production' });
  await edit.getByLabel('Base URL').fill('https://elsewhere.example');
  await expect(edit.getByTestId('clears-secret')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(card.getByTestId('profile-secret')).toHaveText('Stored');

  // Switch, choose the label printer for this connection, and ship through the page.
  await card.getByRole('button', { name: 'Switch to Production' }).click();
  await expect(card.getByTestId('profile-active')).toHaveText('Active');
  await expect(page.getByTestId('connection-profile')).toHaveText('Production');
  await expect(page.getByTestId('connection-state')).toHaveText('Online', { timeout: SLOW });
  await desk.value('setPrinterMap', { labelPrinter: desk.labelQueue });
  await openScreen(page, 'Ship');
  const ship = new ShipPage(page);
  await ship.ready();
  await ship.toRates('SO-E2E-PROD-1');
  await page.keyboard.press('Enter');
  await ship.trackingNumber();
  await expect(ship.result.getByTestId('print-state')).toHaveText(`Label printed on ${desk.labelQueue}`, { timeout: SLOW });
  expect(recorder.requestsWithSecret()).toBeGreaterThanOrEqual(1);
  expect(recorder.tokens.length).toBeGreaterThanOrEqual(1);

  // Nothing the page holds or received carries the secret or a token, in any encoding.
  await openScreen(page, 'Connections');
  const held = await page.evaluate(() => ({
    html: document.documentElement.outerHTML,
    values: [...document.querySelectorAll('input, textarea, select')].map((field) => (field as HTMLInputElement).value),
    storage: JSON.stringify([{ ...localStorage }, { ...sessionStorage }]),
  }));
  const places: [string, string][] = [
    ['the API answers the page received', answers.join('\n')],
    ['the document', held.html],
    ['the page\u2019s fields', held.values.join('\n')],
    ['the page\u2019s storage', held.storage],
    ['the event stream', desk.eventStreamText()],
  ];
  const needles = [SECRET, ...recorder.tokens].flatMap((value, i) => encodingsOf(value).map(({ name, bytes }) => ({ what: `${i === 0 ? 'the client secret' : `access token ${String(i)}`} (${name})`, text: bytes.toString('utf8') })));
  const leaks = places.flatMap(([where, text]) => needles.filter((needle) => text.includes(needle.text)).map((needle) => `${needle.what} in ${where}`));
  expect(leaks).toEqual([]);
  // What was searched is not empty: the page did talk to the station about this profile.
  expect(answers.some((text) => text.includes('"hasSecret":true'))).toBe(true);
});
