import { describe, expect, it } from 'vitest';
import { qcAlbum, qcPhotoUrl } from '../../src/qc-links/qc-link-urls.js';

const base = 'https://shop.example';

describe('qcPhotoUrl', () => {
  it('shows https photos as they are and the product’s own drawn photos under the site', () => {
    expect(qcPhotoUrl(base, 'a-123456', 'https://i.imgur.com/x.jpg')).toBe(
      'https://i.imgur.com/x.jpg',
    );
    expect(qcPhotoUrl(base, 'a-123456', '/qc/a-123456/2.svg')).toBe(
      'https://shop.example/qc/a-123456/2.svg',
    );
  });

  it('never joins the base URL to catalog text', () => {
    for (const text of [
      'see yupoo',
      'javascript:alert(1)',
      '//evil.example/x.png',
      'http://i.imgur.com/x.jpg',
      '/qc/other-123456/1.svg',
      '/assets/site.css',
      'https://i.imgur.com/x.jpg" onerror="alert(1)',
      'https://host:8080/x.jpg',
    ]) {
      expect(qcPhotoUrl(base, 'a-123456', text), text).toBeUndefined();
    }
  });
});

describe('qcAlbum', () => {
  it('says where an album link goes', () => {
    expect(qcAlbum('https://imgur.com/a/Xy12')).toEqual({
      url: 'https://imgur.com/a/Xy12',
      label: 'QC album on Imgur',
    });
    expect(qcAlbum('https://store.x.yupoo.com/albums/12?uid=1')?.label).toBe('QC album on Yupoo');
    expect(qcAlbum('https://photo.yupoo.com/store/ab/big.jpg')?.label).toBe('QC photo on Yupoo');
    expect(qcAlbum('https://drive.google.com/drive/folders/1x')?.label).toBe(
      'QC folder on Google Drive',
    );
    expect(qcAlbum('https://www.reddit.com/r/FashionReps/comments/1a/qc/')?.label).toBe(
      'QC post on Reddit',
    );
  });

  it('shows nothing that is not an https link', () => {
    expect(qcAlbum('javascript:alert(1)')).toBeUndefined();
    expect(qcAlbum('http://imgur.com/a/x')).toBeUndefined();
  });
});
