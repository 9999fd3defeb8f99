import { describe, expect, it } from 'vitest';
import { BY_PHONE, cleanTag, cleanTouch, DIRECT, orderChannel, touchOf } from './attribution';

describe('a visit’s touch (issue 49)', () => {
  it('is its link’s tags, cleaned: one channel whatever the case or spaces', () => {
    expect(touchOf('?utm_source=Instagram&utm_medium=Social&utm_campaign=Reel%2012', '', 'shop.ro')).toEqual({ source: 'instagram', medium: 'social', campaign: 'reel-12', ref: null });
    expect(touchOf('?utm_source=%20TikTok%20&utm_campaign=<script>', 'https://www.tiktok.com/', 'shop.ro')).toEqual({ source: 'tiktok', medium: null, campaign: 'script', ref: null });
  });

  it('takes an influencer’s ref as the source when the link has no utm_source', () => {
    expect(touchOf('?ref=Andreea', '', 'shop.ro')).toEqual({ source: 'andreea', medium: null, campaign: null, ref: 'andreea' });
    expect(touchOf('?ref=andreea&utm_source=instagram', '', 'shop.ro')).toEqual({ source: 'instagram', medium: null, campaign: null, ref: 'andreea' });
  });

  it('without tags, is the site that linked: a known one by its channel, another by its host; the shop’s own pages and typed addresses are none', () => {
    expect(touchOf('', 'https://l.instagram.com/?u=x', 'shop.ro')).toEqual({ source: 'instagram', medium: 'referral', campaign: null, ref: null });
    expect(touchOf('', 'https://www.google.ro/', 'shop.ro')?.source).toBe('google');
    expect(touchOf('', 'https://m.facebook.com/story', 'shop.ro')?.source).toBe('facebook');
    expect(touchOf('', 'https://forum.example.com/t/1', 'shop.ro')).toEqual({ source: 'forum.example.com', medium: 'referral', campaign: null, ref: null });
    expect(touchOf('', 'https://www.shop.ro/shop', 'shop.ro')).toBeNull();
    expect(touchOf('?utm_medium=email', '', 'shop.ro')).toBeNull();
    expect(touchOf('', 'not a url', 'shop.ro')).toBeNull();
  });

  it('keeps letters with diacritics and cuts a long tag at 60; an empty one is none', () => {
    expect(cleanTag('Campanie Mărțișor')).toBe('campanie-mărțișor');
    expect(cleanTag('x'.repeat(100))).toHaveLength(60);
    expect(cleanTag(' !! ')).toBeNull();
    expect(cleanTouch({ source: '<>', medium: 'x', campaign: null, ref: null })).toBeNull();
    expect(cleanTouch({ source: 'Instagram', medium: 'Social Media', campaign: null, ref: null })).toEqual({ source: 'instagram', medium: 'social-media', campaign: null, ref: null });
  });
});

describe('an order’s channel', () => {
  const instagram = { source: 'instagram', medium: 'social', campaign: 'reel12', ref: null };
  it('is its last touch’s source and campaign, or direct without one', () => {
    expect(orderChannel(instagram, null, false)).toEqual({ channel: 'instagram', campaign: 'reel12' });
    expect(orderChannel(null, null, false)).toEqual({ channel: DIRECT, campaign: null });
  });

  it('is its code’s channel when the owner tied the code to one (an influencer’s code), whatever the touch', () => {
    expect(orderChannel(instagram, { code: 'ANDREEA10', channel: 'tiktok-andreea' }, false)).toEqual({ channel: 'tiktok-andreea', campaign: 'ANDREEA10' });
    expect(orderChannel(instagram, { code: 'VARA10', channel: null }, false)).toEqual({ channel: 'instagram', campaign: 'reel12' });
  });

  it('is phone for an order the owner took, unless its code has a channel', () => {
    expect(orderChannel(null, null, true)).toEqual({ channel: BY_PHONE, campaign: null });
    expect(orderChannel(null, { code: 'ANDREEA10', channel: 'andreea' }, true)).toEqual({ channel: 'andreea', campaign: 'ANDREEA10' });
  });
});
