import { describe, expect, it } from 'vitest';
import { classifyFooterLink } from './footer-links';

describe('footer link classification', () => {
  it.each([
    ['https://partner.example.com/x', { kind: 'outer', href: 'https://partner.example.com/x' }],
    ['http://old.example.com', { kind: 'outer', href: 'http://old.example.com' }],
    ['main/1', { kind: 'main', id: '1', href: '/main/1' }],
    ['/main/12', { kind: 'main', id: '12', href: '/main/12' }],
    ['faq/3', { kind: 'faq', id: '3', href: '/faq/3' }],
    ['/discount', { kind: 'internal', href: '/discount' }],
    ['sponsor', { kind: 'internal', href: '/sponsor' }],
  ])('%s', (url, expected) => {
    expect(classifyFooterLink(url)).toEqual(expected);
  });
});
