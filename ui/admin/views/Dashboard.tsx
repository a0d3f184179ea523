/**
 * The dashboard: a greeting, the staff member's roles, the figures over a period for those who read
 * aggregates (admin, sales, analysts: DashboardFigures.tsx), then their sections.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { staffMayAct } from '../../../domain/staff/staffRoles.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { useAdminT } from '../AdminContext.tsx';
import { meQuery } from '../adminApi.ts';
import type { DashboardSearch } from '../listSearch.ts';
import { navigation } from '../sections.ts';
import { Loading } from './StatusViews.tsx';

// The figures and their charts (recharts) in their own chunk: only the dashboard loads them.
const DashboardFigures = lazy(() =>
  import('./DashboardFigures.tsx').then((module) => ({ default: module.DashboardFigures })),
);

export function Dashboard({ search }: { search: DashboardSearch }) {
  const t = useAdminT();
  const { data: me } = useSuspenseQuery(meQuery);
  const sections = navigation(me.roles, t.locale).filter((item) => item.route !== 'admin_dashboard');
  return (
    <>
      <h1>{t.t('dashboard.title')}</h1>
      <p>{t.t('dashboard.text', { name: me.name })}</p>
      <p>{t.t('dashboard.roles', { roles: me.roles.map((role) => t.label('role', role)).join(', ') })}</p>
      {staffMayAct(me.roles, ['sales', 'analyst']) ? (
        <Suspense fallback={<Loading />}>
          <DashboardFigures search={search} />
        </Suspense>
      ) : null}
      <ul className="admin-tiles">
        {sections.map((item) => (
          <li key={item.route}>
            <AppLink href={item.href}>{t.t(item.label)}</AppLink>
          </li>
        ))}
      </ul>
    </>
  );
}
