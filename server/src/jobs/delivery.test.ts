import { describe, expect, it } from 'vitest';
import { sftpFolder, splitBucketPath } from './delivery';

describe('destination folders', () => {
  it('take the bucket or container from the first segment of an object-store folder', () => {
    expect(splitBucketPath('/exports/weekly/codes')).toEqual({ bucket: 'exports', prefix: 'weekly/codes/' });
    expect(splitBucketPath('/exports')).toEqual({ bucket: 'exports', prefix: '' });
    expect(splitBucketPath('exports//a/')).toEqual({ bucket: 'exports', prefix: 'a/' });
    expect(splitBucketPath('')).toEqual({ bucket: '', prefix: '' });
  });
  it('never climb out of a folder with . or .. segments', () => {
    expect(splitBucketPath('/exports/../secret/./x')).toEqual({ bucket: 'exports', prefix: 'secret/x/' });
    expect(sftpFolder('/drop/../../etc')).toBe('/drop/etc');
    expect(sftpFolder('drop/./in')).toBe('drop/in');
    expect(sftpFolder('')).toBe('.');
    expect(sftpFolder('/')).toBe('/');
  });
});
