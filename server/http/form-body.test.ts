import { describe, expect, it } from 'vitest';
import { FormBodyError, parseFormBody } from './form-body.ts';

const fields = (count: number) => Array.from({ length: count }, (_, index) => `f${index}=1`).join('&');

describe('parseFormBody', () => {
  it('reads plain fields, decoding + and percent escapes', () => {
    expect(parseFormBody('username=alice&password=s3cret')).toEqual({ username: 'alice', password: 's3cret' });
    expect(parseFormBody('realname=Li+Wei&city=%E5%8F%B0%E5%8C%97')).toEqual({ realname: 'Li Wei', city: '台北' });
    expect(parseFormBody('remark=')).toEqual({ remark: '' });
    expect(parseFormBody('')).toEqual({});
  });

  it('turns indexed bracket fields into an array of objects, as the cart sends them', () => {
    const body = 'item_content[0][product_id]=1&item_content[0][count]=1&item_content[1][product_id]=2&item_content[1][count]=3&amount=100';
    expect(parseFormBody(body)).toEqual({
      item_content: [
        { product_id: '1', count: '1' },
        { product_id: '2', count: '3' },
      ],
      amount: '100',
    });
  });

  it('accepts percent-encoded brackets the same as literal ones', () => {
    expect(parseFormBody('item_content%5B0%5D%5Bproduct_id%5D=1&item_content%5B0%5D%5Bcount%5D=2')).toEqual({
      item_content: [{ product_id: '1', count: '2' }],
    });
  });

  it('appends empty-bracket fields to a list', () => {
    expect(parseFormBody('a[]=1&a[]=2')).toEqual({ a: ['1', '2'] });
  });

  it('keeps named nested keys as an object', () => {
    expect(parseFormBody('delivery_content[address]=1+Main+St')).toEqual({ delivery_content: { address: '1 Main St' } });
  });

  it('does not allocate a huge array for a huge index', () => {
    const parsed = parseFormBody('a[999999999]=1');
    expect(Array.isArray(parsed.a)).toBe(false);
    expect(parsed).toEqual({ a: { '999999999': '1' } });
  });

  it.each(['__proto__[x]=1', 'a[__proto__]=1', 'constructor[prototype][x]=1', 'a[constructor]=1', 'prototype=1'])(
    'rejects the prototype-polluting field %s',
    (body) => {
      expect(() => parseFormBody(body)).toThrow(FormBodyError);
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    },
  );

  it('accepts 200 fields and rejects 201', () => {
    expect(Object.keys(parseFormBody(fields(200)))).toHaveLength(200);
    expect(() => parseFormBody(fields(201))).toThrow(FormBodyError);
    expect(() => parseFormBody(fields(201))).toThrow(/200/);
  });

  it('accepts nesting 4 deep and rejects 5', () => {
    expect(parseFormBody('a[b][c][d][e]=1')).toEqual({ a: { b: { c: { d: { e: '1' } } } } });
    expect(() => parseFormBody('a[b][c][d][e][f]=1')).toThrow(FormBodyError);
  });

  it.each(['a[b=1', 'a]b=1', 'a[b]c=1', 'a[b]]=1', '[x]=1', 'a[[b]]=1'])('rejects the malformed field name in %s', (body) => {
    expect(() => parseFormBody(body)).toThrow(FormBodyError);
  });
});
