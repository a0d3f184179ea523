/**
 * What the server puts in the shell for the app (http/ssr/adminShell.ts): the session's CSRF token and
 * a refused sign-in form's messages, as a JSON data block (`<script type="application/json">`: never
 * executed, so no inline script for the Content-Security-Policy to allow).
 */
import type { SignInFlash } from './views/SignInForm.tsx';

export interface AdminBoot {
  readonly csrfToken: string;
  readonly flash?: SignInFlash | undefined;
}

export const BOOT_ELEMENT_ID = 'admin-boot';

let boot: AdminBoot | undefined;

export function bootData(): AdminBoot {
  if (!boot) {
    const element = typeof document === 'undefined' ? null : document.getElementById(BOOT_ELEMENT_ID);
    boot = element?.textContent ? (JSON.parse(element.textContent) as AdminBoot) : { csrfToken: '' };
  }
  return boot;
}

/** The boot data as the shell writes it: JSON with `<` escaped, so no text can close the element. */
export function bootJson(data: AdminBoot): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
