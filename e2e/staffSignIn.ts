/**
 * A staff member signed in through the sign-in API (http/routes/adminAuthApi.ts), for the back-office
 * suites that test what comes after it (the sign-in page has its own journey in backOffice.e2e.spec.ts):
 * the browser context's cookies, to open pages already signed in.
 */
import type { Browser, BrowserContext } from 'playwright-core';

export async function staffStorageState(
  browser: Browser,
  siteUrl: string,
  email: string,
  password: string,
): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const context = await browser.newContext();
  try {
    const csrf = await context.request.get(`${siteUrl}/api/csrf`);
    const { token } = (await csrf.json()) as { token: string };
    const signedIn = await context.request.post(`${siteUrl}/admin/api/session`, {
      data: { email, password },
      headers: { 'x-csrf-token': token, accept: 'application/json' },
    });
    if (!signedIn.ok()) throw new Error(`staff sign-in: ${signedIn.status()} ${await signedIn.text()}`);
    return await context.storageState();
  } finally {
    await context.close();
  }
}
