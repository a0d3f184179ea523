/**
 * The booking screens of SPEC §2 (ui/README.md "The pages"): the booking form, the contact check (with
 * the deposit where the market takes one), ok, ko, payment ko and the limit page, for one buyer
 * (pages.ts `personal`). Data comes from the same paths' JSON (http/routes/bookingCalls.ts); every form
 * posts to its SPEC call with the CSRF field and is answered 303 to where the buyer belongs.
 */
import { redirect } from '@tanstack/react-router';
import type { BookingLimitJson, BookingPageJson } from '../../api/bookingTypes.ts';
import { apiOf } from '../../api/createQueryClient.ts';
import { definePage, type PageProps } from '../../router/PageModule.ts';
import { oneOf } from '../../router/searchReaders.ts';
import { urlFor } from '../../router/urlFor.ts';
import { formSession, getOr404 } from '../funnel/funnelLoad.ts';
import { funnelPageHead } from '../pageHead.ts';
import { BookingScreen } from './BookingScreen.tsx';
import type { BookingPageProps } from './bookingPageProps.ts';
import { screenTitle } from './bookingSteps.ts';
import { loadBookingMessages } from './messages/index.ts';

export const bookingPage = definePage<BookingPageProps>({
  async load({ match, search, queryClient, personal }) {
    const api = apiOf(queryClient);
    const { locale, route } = match;
    const path = urlFor(route, locale, match.params);
    const messages = await loadBookingMessages(locale);
    const session = await formSession(api, personal);
    const common = { ...session, messages, path };
    const head = (title: string) => funnelPageHead(match, title, messages.description);
    if (route === 'car_booking_limit') {
      const limitPage = await getOr404(() => api.getJson<BookingLimitJson>(path));
      return { head: head(messages.limit.title), props: { ...common, kind: 'limit', limitPage } };
    }
    // The outcome pages answer the booking alone: the booking form's JSON adds its car and the terms.
    const source =
      route === 'car_booking_form' || route === 'car_booking_check_contact'
        ? path
        : urlFor('car_booking_form', locale, {
            id: match.params.id ?? '',
            slug: match.params.slug ?? '',
            bookingId: match.params.bookingId ?? '0',
          });
    const page = await getOr404(() => api.getJson<BookingPageJson>(source));
    const { booking, car } = page;
    // Where the buyer belongs: the screen of their booking's state, else the car's booking form.
    const form = urlFor('car_booking_form', locale, { id: car.carId, slug: car.slug, bookingId: '0' });
    const belongs = booking?.links.page ?? form;
    if (belongs !== path) throw redirect({ href: belongs, statusCode: 303 });
    // The contact check after the sign-up form (its `_next`): the contact is confirmed as a sign-up.
    const signedUp = oneOf(search.account, ['new']) === 'new';
    const props = { ...common, kind: 'booking' as const, page, signedUp };
    return { head: head(screenTitle(messages, booking)), props };
  },
  Component: BookingPage,
});

function BookingPage(props: PageProps<BookingPageProps>) {
  return <BookingScreen {...props} />;
}
