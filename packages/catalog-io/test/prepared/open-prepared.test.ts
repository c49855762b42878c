import { describe, expect, it } from 'vitest';
import { ownBuffers } from '../../src/prepared/open-prepared.js';

describe('ownBuffers', () => {
  it('copies fingerprints that are views on a larger index into buffers of their own size', () => {
    // An open version's fingerprints are views on its whole index.
    const index = new ArrayBuffer(1 << 20);
    const slugBytes = new Uint8Array(index, 64, 10);
    const slugOffsets = new Uint32Array(index, 128, 3);
    const prints = new Uint32Array(index, 256, 2);
    slugBytes.set([...'a-bb-ccc--'].map((c) => c.charCodeAt(0)));
    slugOffsets.set([0, 2, 5]);
    prints.set([7, 9]);
    const own = ownBuffers({ slugBytes, slugOffsets, prints });
    expect(own.slugBytes.buffer.byteLength).toBe(10);
    expect(own.slugOffsets.buffer.byteLength).toBe(12);
    expect(own.prints.buffer.byteLength).toBe(8);
    expect([...own.slugBytes]).toEqual([...slugBytes]);
    expect([...own.slugOffsets]).toEqual([0, 2, 5]);
    expect([...own.prints]).toEqual([7, 9]);
    // Moving the copies to another thread leaves the version's own arrays as they were.
    structuredClone(own, {
      transfer: [own.slugBytes.buffer, own.slugOffsets.buffer, own.prints.buffer],
    });
    expect(own.prints.length).toBe(0);
    expect([...prints]).toEqual([7, 9]);
  });
});
