/** Which screen the desk shows, and a refused shipment handed to the Ship screen once. */
import { describe, expect, it } from 'vitest';
import { outboxItem } from '../testing/records';
import { NavigationState, SCREENS } from './navigation.svelte';

describe('navigation', () => {
  it('starts at Ship, goes where asked, and every screen has its own Alt key', () => {
    const navigation = new NavigationState();
    expect(navigation.screen).toBe('ship');
    navigation.go('queue');
    expect(navigation.screen).toBe('queue');
    expect(new Set(SCREENS.map((screen) => screen.key)).size).toBe(SCREENS.length);
  });

  it('a shipment to correct opens the Ship screen and is taken from there once', () => {
    const navigation = new NavigationState();
    navigation.go('orders');
    const refused = outboxItem({ id: 7, state: 'failed' });
    navigation.correct(refused);
    expect(navigation.screen).toBe('ship');
    expect(navigation.takeCorrection()).toBe(refused);
    expect(navigation.takeCorrection()).toBeUndefined();
  });
});
