import { describe, expect, it } from 'vitest';
import { allowedCores, onCore, parseCpuList } from '../src/cores.js';

describe('parseCpuList', () => {
  it('reads ranges and single cores', () => {
    expect(parseCpuList('0-1')).toEqual([0, 1]);
    expect(parseCpuList('0-2,5,7-8\n')).toEqual([0, 1, 2, 5, 7, 8]);
    expect(parseCpuList('3')).toEqual([3]);
  });

  it('refuses what is not a list', () => {
    expect(() => parseCpuList('a-b')).toThrow(/not a CPU list/);
    expect(() => parseCpuList('3-1')).toThrow(/not a CPU list/);
  });
});

describe('allowedCores', () => {
  it("lists this process's cores", () => {
    expect(allowedCores().length).toBeGreaterThan(0);
  });
});

describe('onCore', () => {
  it('runs the command through taskset only when a core is given', () => {
    expect(onCore(1, 'wrk', ['-t1'])).toEqual(['taskset', ['--cpu-list', '1', 'wrk', '-t1']]);
    expect(onCore(undefined, 'wrk', ['-t1'])).toEqual(['wrk', ['-t1']]);
  });
});
