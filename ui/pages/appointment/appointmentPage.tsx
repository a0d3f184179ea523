/**
 * The dealer appointment screens (domain/appointment/README.md): `dealer_appointment` (without a dealer:
 * the market's dealers to choose from; with one: the booking form) and `dealer_appointment_confirmation`
 * (the appointment, with cancel and move while it is ahead). One buyer's pages (pages.ts `personal`):
 * their JSON is read from the same paths (http/routes/appointmentCalls.ts).
 */
import { APPOINTMENT_PURPOSES, DAY } from '../../../domain/appointment/schemas.ts';
import type { AppointmentPageJson, ConfirmationJson } from '../../api/appointmentTypes.ts';
import { apiOf } from '../../api/createQueryClient.ts';
import { definePage, type PageProps } from '../../router/PageModule.ts';
import { oneOf, text } from '../../router/searchReaders.ts';
import { urlFor, withQuery } from '../../router/urlFor.ts';
import { fill } from '../funnel/fill.ts';
import { formSession, getOr404 } from '../funnel/funnelLoad.ts';
import { pageHead } from '../pageHead.ts';
import { AppointmentScreen } from './AppointmentScreen.tsx';
import type { AppointmentPageProps } from './appointmentPageProps.ts';
import { loadAppointmentMessages } from './messages/index.ts';

const readSearch = (search: Readonly<Record<string, unknown>>) => ({
  purpose: oneOf(search.purpose, APPOINTMENT_PURPOSES),
  valuation: text(search.valuation, 64, /^[A-Za-z0-9_-]{1,64}$/),
  from: text(search.from, 10, DAY),
  id: text(search.id, 80),
  token: text(search.token, 200),
});

export const appointmentPage = definePage<AppointmentPageProps>({
  async load({ match, search: raw, queryClient, personal }) {
    const api = apiOf(queryClient);
    const { locale, route } = match;
    const path = urlFor(route, locale, match.params);
    const messages = await loadAppointmentMessages(locale);
    const session = await formSession(api, personal);
    const q = readSearch(raw);
    // A refused post shows the slots from the day it asked for (the next free ones).
    const refusedDay = session.flash?.values.slot?.slice(0, 10);
    const from = refusedDay && DAY.test(refusedDay) ? refusedDay : q.from;
    if (route === 'dealer_appointment_confirmation') {
      const query = { id: q.id, token: q.token, from };
      const page = await getOr404(() => api.getJson<ConfirmationJson>(withQuery(path, query)));
      const back = withQuery(path, { id: q.id, token: q.token });
      const title =
        page.appointment.status === 'booked'
          ? messages.confirmation.title
          : page.appointment.movedTo
            ? messages.confirmation.movedTitle
            : messages.confirmation.cancelledTitle;
      return {
        head: pageHead(match, title, messages.description, { noindex: true }),
        props: { ...session, messages, path, back, kind: 'confirmation', page, from: from ?? null },
      };
    }
    const purpose =
      (session.flash?.values.purpose as (typeof APPOINTMENT_PURPOSES)[number] | undefined) ?? q.purpose;
    const query = { purpose, valuation: q.valuation, from };
    const page = await getOr404(() => api.getJson<AppointmentPageJson>(withQuery(path, query)));
    const back = withQuery(path, { purpose: q.purpose, valuation: q.valuation, from: q.from });
    const title = page.dealer ? fill(messages.dealerAppointment, { name: page.dealer.name }) : messages.title;
    return {
      head: pageHead(match, title, messages.description, { noindex: true }),
      props: { ...session, messages, path, back, kind: 'form', page, from: from ?? null },
    };
  },
  Component: AppointmentPage,
});

function AppointmentPage(props: PageProps<AppointmentPageProps>) {
  return <AppointmentScreen {...props} />;
}
