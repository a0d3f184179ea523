import { describe, expect, it } from 'vitest';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../errors.ts';
import {
  allowedContentActions,
  type ContentCommand,
  type ContentEvent,
  decideContentItem,
  evolveContentItem,
  initialContentItem,
} from './contentItem.ts';

const id = 'ct_faq0001';
const faq = (answer: string) => ({ topic: 'booking', question: 'Is it free?', answer, order: 1 });
const given = (...events: ContentEvent[]) => events.reduce(evolveContentItem, initialContentItem);
const created: ContentEvent[] = [
  { type: 'ContentItemCreated', data: { id, kind: 'faq', locale: 'fr-BE' } },
  { type: 'ContentDraftSaved', data: { id, version: 1, fields: faq('Yes.') } },
];
const when = (state: ReturnType<typeof given>, command: ContentCommand) => decideContentItem(state, command);

describe('content item', () => {
  describe('given nothing', () => {
    it('when created with valid fields, then created with version 1', () => {
      expect(
        when(given(), { type: 'create', id, kind: 'faq', locale: 'fr-BE', fields: faq('Yes.') }),
      ).toEqual(created);
    });

    it('when created with a missing answer, then 400 by the field', () => {
      try {
        when(given(), {
          type: 'create',
          id,
          kind: 'faq',
          locale: 'fr-BE',
          fields: { ...faq(''), answer: '' },
        });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        expect(Object.keys((error as ValidationError).details.fields)).toEqual(['fields.answer']);
      }
    });

    it('when saved, then 404', () => {
      expect(() => when(given(), { type: 'save', fields: faq('x'), expectedVersion: 0 })).toThrow(
        NotFoundError,
      );
    });
  });

  describe('given an item of one version', () => {
    const state = given(...created);

    it('when saved on the latest version, then version 2', () => {
      expect(when(state, { type: 'save', fields: faq('Yes, free.'), expectedVersion: 1 })).toEqual([
        { type: 'ContentDraftSaved', data: { id, version: 2, fields: faq('Yes, free.') } },
      ]);
    });

    it('when saved with the same fields (a retry), then nothing', () => {
      expect(when(state, { type: 'save', fields: faq('Yes.'), expectedVersion: 1 })).toEqual([]);
    });

    it('when saved on an older version, then 409 with the version now', () => {
      try {
        when(state, { type: 'save', fields: faq('No.'), expectedVersion: 0 });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ConflictError);
        expect((error as ConflictError).details).toMatchObject({ version: 1 });
      }
    });

    it('when publishing a version that does not exist, then refused with what is allowed now', () => {
      try {
        when(state, { type: 'publish', version: 3, from: '2030-01-01T00:00:00.000Z' });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(IllegalStateError);
        expect((error as IllegalStateError).details).toMatchObject({
          allowed: ['save', 'publish', 'delete'],
        });
      }
    });
  });

  describe('given two versions, the first published', () => {
    const from = '2030-01-01T00:00:00.000Z';
    const state = given(
      ...created,
      { type: 'ContentPublished', data: { id, version: 1, from } },
      { type: 'ContentDraftSaved', data: { id, version: 2, fields: faq('Yes, free.') } },
    );

    it('allows unpublish and revert', () => {
      expect(allowedContentActions(state)).toEqual(['save', 'publish', 'unpublish', 'revert', 'delete']);
    });

    it('when reverted to version 1, then version 3 with version 1’s fields', () => {
      expect(when(state, { type: 'revert', toVersion: 1, expectedVersion: 2 })).toEqual([
        { type: 'ContentDraftSaved', data: { id, version: 3, fields: faq('Yes.'), revertedFrom: 1 } },
      ]);
    });

    it('when the same version is published from the same time again, then nothing', () => {
      expect(when(state, { type: 'publish', version: 1, from })).toEqual([]);
    });

    it('when deleted, then nothing is allowed any more', () => {
      const events = when(state, { type: 'delete' });
      expect(allowedContentActions(events.reduce(evolveContentItem, state))).toEqual([]);
    });
  });
});
