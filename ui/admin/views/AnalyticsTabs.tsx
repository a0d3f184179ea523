/** The analytics pages' own navigation: the projections' status and the events explorer. */
import { generateUrl } from '../../../domain/routes/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { useAdminT } from '../AdminContext.tsx';

export function AnalyticsTabs({ current }: { current: 'projections' | 'events' }) {
  const t = useAdminT();
  const tabs = [
    {
      id: 'projections',
      href: generateUrl(`admin_analytics.${t.locale}`),
      label: t.t('analytics.projectionsTab'),
    },
    {
      id: 'events',
      href: generateUrl(`admin_analytics_events.${t.locale}`),
      label: t.t('analytics.eventsTab'),
    },
  ] as const;
  return (
    <nav className="admin-links" aria-label={t.t('analytics.sections')}>
      {tabs.map((tab) => (
        <AppLink key={tab.id} href={tab.href} aria-current={tab.id === current ? 'page' : undefined}>
          {tab.label}
        </AppLink>
      ))}
    </nav>
  );
}
