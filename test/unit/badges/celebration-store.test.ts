// The celebration store: the types, default texts, toast vs full screen, "don't show again". (docs/product.md)
import { afterEach, describe, expect, it } from 'vitest';
import {
  CELEBRATION_TYPES,
  celebrate,
  closeCelebration,
  current,
  defaultCelebrationText,
  getCelebrationState,
  hideCelebration,
  isToastCelebration,
  resetCelebrations,
  setHiddenCelebrations,
} from '../../../src/features/badges/celebration-store';

afterEach(() => resetCelebrations());

describe('celebration types and texts', () => {
  it('are the fourteen types; car and set are the toasts', () => {
    expect(CELEBRATION_TYPES).toEqual([
      'default',
      'car',
      'set',
      'message',
      'favorite',
      'wishlist',
      'car-100',
      'car-300',
      'car-500',
      'car-1000',
      'car-10000',
      'set-10',
      'set-50',
      'set-100',
    ]);
    expect(CELEBRATION_TYPES.filter(isToastCelebration)).toEqual(['car', 'set']);
  });

  it('default to the texts, the milestone one for every other type', () => {
    expect(defaultCelebrationText('car')).toBe('Added to Collection!');
    expect(defaultCelebrationText('set')).toBe('Set Added!');
    expect(defaultCelebrationText('message')).toBe('Your message has been sent');
    expect(defaultCelebrationText('default')).toBe('Milestone Unlocked!');
    expect(defaultCelebrationText('car-100')).toBe('Milestone Unlocked!');
    expect(defaultCelebrationText('favorite')).toBe('Milestone Unlocked!');
  });
});

describe('the store', () => {
  it('keeps one toast (the newest) and queues full-screen ones', () => {
    setHiddenCelebrations([]);
    celebrate('car');
    celebrate('set', 'Twin Mill 5-Pack added!');
    celebrate('car-100');
    celebrate('message');
    const state = getCelebrationState();
    expect(state.toast).toMatchObject({ type: 'set', text: 'Twin Mill 5-Pack added!' });
    expect(state.screen).toMatchObject({ type: 'car-100', text: 'Milestone Unlocked!' });
    expect(state.pending).toEqual(['car-100', 'message', 'set']);
    expect(current()?.type).toBe('car-100');

    closeCelebration(state.screen?.id ?? -1);
    expect(current()?.type).toBe('message');
    closeCelebration(getCelebrationState().screen?.id ?? -1);
    expect(current()?.type).toBe('set');
    closeCelebration(getCelebrationState().toast?.id ?? -1);
    expect(current()).toBeNull();
  });

  it('is not ready until the hidden types are known, and drops hidden ones then', () => {
    celebrate('car-300');
    celebrate('car');
    expect(getCelebrationState().ready).toBe(false);
    setHiddenCelebrations(['car-300', 'car']);
    expect(getCelebrationState()).toMatchObject({ ready: true, screen: null, toast: null });
    expect(celebrate('car-300')).toBe(false);
    expect(celebrate('set-10')).toBe(true);
    expect(current()?.type).toBe('set-10');
  });

  it('hides a type chosen on this page at once, even before the stored choice reads back', () => {
    setHiddenCelebrations([]);
    hideCelebration('car');
    expect(celebrate('car')).toBe(false);
    setHiddenCelebrations([]); // the profile has not caught up yet
    expect(celebrate('car')).toBe(false);
  });
});

describe('toasts (docs/product.md) and push messages (docs/product.md)', () => {
  it('configures the durations and the limit', async () => {
    const { MAX_TOASTS, TOAST_OPTIONS } = await import('../../../src/features/badges/app-toaster');
    expect(MAX_TOASTS).toBe(20);
    expect(TOAST_OPTIONS.blank?.duration).toBe(4000);
    expect(TOAST_OPTIONS.error?.duration).toBe(4000);
    expect(TOAST_OPTIONS.custom?.duration).toBe(4000);
    expect(TOAST_OPTIONS.success?.duration).toBe(2000);
    expect(TOAST_OPTIONS.loading?.duration).toBe(Infinity);
  });

  it("take a push message's notification title and body, else its data's", async () => {
    const { pushMessageText } = await import('../../../src/features/badges/app-toaster');
    expect(
      pushMessageText({
        notification: { title: 'Trade offer', body: 'scoutmike7 wants your Twin Mill' },
      }),
    ).toEqual({
      title: 'Trade offer',
      body: 'scoutmike7 wants your Twin Mill',
    });
    expect(
      pushMessageText({ data: { title: 'New post', body: 'From a collector you follow' } }),
    ).toEqual({
      title: 'New post',
      body: 'From a collector you follow',
    });
    expect(pushMessageText({})).toBeNull();
  });
});
