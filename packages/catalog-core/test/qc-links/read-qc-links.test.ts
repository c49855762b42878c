import { describe, expect, it } from 'vitest';
import { readQcLinks } from '../../src/qc-links/read-qc-links.js';

describe('readQcLinks', () => {
  it('tells photos from albums, several links to a cell however they are separated', () => {
    const cell = [
      'https://i.imgur.com/a1B2c3.jpg, https://i.imgur.com/d4E5f6.PNG',
      'https://imgur.com/a/Xy12Zq | https://imgur.com/gallery/Qw34Er',
      'https://si.geilicdn.com/pcitem123-abc_800x800.jpg?w=800;https://shop.x.yupoo.com/albums/1234?uid=1',
      'https://drive.google.com/drive/folders/1AbC https://photos.app.goo.gl/XyZ',
    ].join('\n');
    expect(readQcLinks(cell)).toEqual({
      photos: [
        'https://i.imgur.com/a1B2c3.jpg',
        'https://i.imgur.com/d4E5f6.PNG',
        'https://si.geilicdn.com/pcitem123-abc_800x800.jpg?w=800',
      ],
      albums: [
        'https://imgur.com/a/Xy12Zq',
        'https://imgur.com/gallery/Qw34Er',
        'https://shop.x.yupoo.com/albums/1234?uid=1',
        'https://drive.google.com/drive/folders/1AbC',
        'https://photos.app.goo.gl/XyZ',
      ],
      dropped: [],
    });
  });

  it('links to pictures that only open on their own site, and to one picture’s page', () => {
    const read = readQcLinks(
      'https://photo.yupoo.com/shop/ab12cd/big.jpg https://imgur.com/AbC123x https://www.reddit.com/r/FashionReps/comments/1abc/qc_jordan_4/',
    );
    expect(read.photos).toEqual([]);
    expect(read.albums).toHaveLength(3);
  });

  it('drops text and every link a page must not show, each with its reason', () => {
    const read = readQcLinks(
      [
        'see yupoo',
        'javascript:alert(1)',
        'data:image/png;base64,iVBORw0KGgo=',
        '//evil.example/x.png',
        'http://tracker.example/pixel.gif',
        'https://cdn.discordapp.com/attachments/1/2/x.png?ex=1&is=2&hm=3',
        'https://example.com/some-page',
        'https://user:pw@example.com/x.jpg',
        'https://127.0.0.1/x.jpg',
        'https://example.com:8443/x.jpg',
        '/etc/passwd',
      ].join(' , '),
    );
    expect(read.photos).toEqual([]);
    expect(read.albums).toEqual([]);
    expect(read.dropped.map((d) => d.reason)).toEqual([
      'not a link',
      'a javascript: link',
      'a data: link',
      'not a link',
      'no https:// before the host',
      'http://, not https://',
      'a Discord attachment link, which expires a day after it was copied',
      'neither a picture nor a known album page',
      'not a public web address',
      'not a public web address',
      'not on the standard https port',
      'a path, not a link',
    ]);
    expect(read.dropped[0]).toEqual({ text: 'see yupoo', reason: 'not a link' });
  });

  it('keeps each link once, reads links without a scheme, and lists in arrays', () => {
    expect(readQcLinks(['i.imgur.com/x1.jpg', 'https://i.imgur.com/x1.jpg', 7])).toEqual({
      photos: ['https://i.imgur.com/x1.jpg'],
      albums: [],
      dropped: [{ text: '7', reason: 'not a link' }],
    });
    expect(readQcLinks('DM me')).toEqual({
      photos: [],
      albums: [],
      dropped: [{ text: 'DM me', reason: 'not a link' }],
    });
    // Labels and blanks lose nothing: no warning.
    expect(readQcLinks('N/A').dropped).toEqual([]);
    expect(readQcLinks('QC: https://i.imgur.com/x1.jpg (GL)').dropped).toEqual([]);
    expect(readQcLinks('QC: https://i.imgur.com/x1.jpg').photos).toEqual([
      'https://i.imgur.com/x1.jpg',
    ]);
  });

  it('keeps the product’s own drawn photos, and no other path', () => {
    expect(
      readQcLinks('/qc/nike-dunk-123456/1.svg|/qc/nike-dunk-123456/2.svg', 'nike-dunk-123456'),
    ).toMatchObject({ photos: ['/qc/nike-dunk-123456/1.svg', '/qc/nike-dunk-123456/2.svg'] });
    expect(readQcLinks('/qc/other-123456/1.svg', 'nike-dunk-123456').photos).toEqual([]);
    expect(readQcLinks('/qc/nike-dunk-123456/0.svg', 'nike-dunk-123456').photos).toEqual([]);
  });

  it('keeps at most 50 photos and 20 albums', () => {
    const photos = Array.from({ length: 60 }, (_, i) => `https://i.imgur.com/p${i}.jpg`);
    const albums = Array.from({ length: 25 }, (_, i) => `https://imgur.com/a/al${i}`);
    const read = readQcLinks([...photos, ...albums].join(' '));
    expect(read.photos).toHaveLength(50);
    expect(read.albums).toHaveLength(20);
    expect(read.dropped).toHaveLength(15);
  });
});
