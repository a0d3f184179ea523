/**
 * The sign-in page in the browser: the same form as the server's (SignInForm.tsx), sent as JSON; a
 * refusal shows by its field (wrong email or password, a missing value) or above the form (the rate
 * limit), success goes to `?next=` (an admin page) or the dashboard.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { generateUrl } from '../../../domain/routes/index.ts';
import { ApiError } from '../../api/ApiError.ts';
import { useAdminT } from '../AdminContext.tsx';
import { call, meQuery, type Staff, setCsrfToken } from '../adminApi.ts';
import { bootData } from '../boot.ts';
import { safeNext } from '../safeNext.ts';
import { type SignInFlash, SignInForm } from './SignInForm.tsx';

export function SignInView({ next, expired }: { next?: string | undefined; expired?: boolean | undefined }) {
  const t = useAdminT();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [flash, setFlash] = useState<SignInFlash | undefined>(bootData().flash);
  const [pending, setPending] = useState(false);
  const target = safeNext(next, t.locale);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const missing: Record<string, string[]> = {};
    if (!email) missing.email = ['required'];
    if (!password) missing.password = ['required'];
    if (Object.keys(missing).length > 0) {
      setFlash({ fields: missing, values: { email } });
      return;
    }
    setPending(true);
    try {
      const me = await call<Staff & { csrfToken: string }>('POST', '/admin/api/session', { email, password });
      setCsrfToken(me.csrfToken);
      const { csrfToken: _, ...staff } = me;
      queryClient.clear();
      queryClient.setQueryData(meQuery.queryKey, staff);
      await router.navigate({ to: undefined, href: target, replace: true });
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      const fields: Record<string, string[]> =
        status === 401
          ? { password: ['refused'] }
          : status === 429
            ? { _form: ['rate_limited'] }
            : status === 400
              ? { email: ['invalid'] }
              : { _form: ['failed'] };
      setFlash({ fields, values: { email } });
      setPending(false);
    }
  };

  return (
    <SignInForm
      t={t}
      csrfToken={bootData().csrfToken}
      back={generateUrl(`admin_sign_in.${t.locale}`)}
      next={target}
      flash={flash}
      expired={expired ?? false}
      pending={pending}
      onSubmit={onSubmit}
    />
  );
}
