/**
 * The CSRF field's value in a lead form on a page kept in the page cache (the same HTML for everyone):
 * the server puts each visitor's token in its place when it sends the page (http/ssr/ssrPlugin.ts), so
 * the form also works without JavaScript. With JavaScript the form sends the token of `/api/csrf`.
 */
export const CSRF_PLACEHOLDER = '__lead_form_csrf_token__';

/**
 * The form's idempotency key (`formKey`), filled the same way with a new random key in each answer: a
 * plain form posted twice (a double click, a reload of the post) is one lead.
 */
export const FORM_KEY_PLACEHOLDER = '__lead_form_key__';
