import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
let cur = '';
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(cur, m.type(), m.text().slice(0, 300)); });
page.on('pageerror', (e) => console.log(cur, 'pageerror', e.message));
for (const p of ['/web', '/login', '/signup', '/notfound', '/web/abc/tr', '/forgotpassword']) { cur = p; await page.goto('http://localhost:3190' + p); await page.waitForLoadState('networkidle'); }
await browser.close();
