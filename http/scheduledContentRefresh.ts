/**
 * Scheduled content shows from its time (domain/content/README.md "Content items"): the storefront's
 * queries pick it by time, but a page kept in the page cache would show the old content until it
 * expires, so one timer drops the kept pages when the next scheduled publication starts. `plan` is called
 * at start and after each batch of the content projection.
 */
const MAX_DELAY_MS = 2 ** 31 - 1; // setTimeout's limit (~24.8 days): later times are planned again then

export function scheduledContentRefresh(options: {
  readonly next: () => Promise<Date | undefined>;
  readonly refresh: () => void;
  readonly log: (message: string, error: unknown) => void;
  readonly now?: () => number;
}) {
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  const plan = async (): Promise<void> => {
    try {
      const next = await options.next();
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (!next) return;
      const delay = Math.min(Math.max(0, next.getTime() - now()) + 50, MAX_DELAY_MS);
      timer = setTimeout(() => {
        timer = undefined;
        options.refresh();
        void plan();
      }, delay);
      timer.unref();
    } catch (error) {
      options.log('scheduled content: could not plan the next refresh', error);
    }
  };
  return {
    plan,
    stop() {
      if (timer) clearTimeout(timer);
    },
  };
}
