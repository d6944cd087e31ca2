// The listen streams' bus: a stream is tagged with the scope of the caller whose request opened it.
import type { AuthInfo, ServerEvent } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { asCaller, ScopedEventBus } from '../../src/transports/scoped-bus.js';

const callerOf = (tenantKey: string): AuthInfo => ({
  token: 't',
  clientId: 'c',
  scopes: [],
  extra: { tenantKey },
});
const update = (uri: string): ServerEvent => ({ kind: 'resource_updated', uri });

describe('ScopedEventBus', () => {
  const bus = new ScopedEventBus((caller) => (caller?.extra?.tenantKey as string | undefined) ?? null);

  it("delivers a scope's updates to its callers' streams only, and unscoped ones to all", async () => {
    const heard: string[] = [];
    const listen = (who: string) => (event: ServerEvent) =>
      heard.push(`${who} ${'uri' in event ? event.uri : event.kind}`);
    // Subscribing happens inside the listen request's serving, after awaits: the scope follows.
    const stopA = await asCaller(callerOf('tA'), async () => {
      await Promise.resolve();
      return bus.subscribe(listen('a'));
    });
    const stopB = asCaller(callerOf('tB'), () => bus.subscribe(listen('b')));
    const stopNone = bus.subscribe(listen('none'));
    bus.publishTo('tA', update('crew://events'));
    expect(heard).toEqual(['a crew://events']);
    bus.publish({ kind: 'tools_list_changed' });
    expect(heard.slice(1).sort()).toEqual([
      'a tools_list_changed',
      'b tools_list_changed',
      'none tools_list_changed',
    ]);
    stopA();
    bus.publishTo('tA', update('crew://jobs/1'));
    expect(heard).toHaveLength(4);
    stopB();
    stopNone();
    expect(bus.listenerCount).toBe(0);
  });

  it('keeps delivering when one stream throws', () => {
    const errors: unknown[] = [];
    const failing = new ScopedEventBus(
      () => 'tA',
      (error) => errors.push(error),
    );
    const heard: string[] = [];
    failing.subscribe(() => {
      throw new Error('closed stream');
    });
    failing.subscribe((event) => heard.push(event.kind));
    failing.publishTo('tA', update('crew://events'));
    expect(heard).toEqual(['resource_updated']);
    expect(errors).toHaveLength(1);
  });
});
