import { Tag } from 'antd';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { nodeText } from './print';

describe('nodeText: what a printed table cell shows', () => {
  it('takes the words a render draws, not the stored code', () => {
    expect(nodeText(createElement(Tag, { color: 'red' }, 'Anulado'))).toBe('Anulado');
    expect(nodeText(['12', createElement('b', null, '.50')])).toBe('12.50');
    expect(nodeText(7)).toBe('7');
  });
  it('gives nothing for a node without text, so the stored value is printed instead', () => {
    expect(nodeText(null)).toBe('');
    expect(nodeText(false)).toBe('');
    expect(nodeText(createElement('span', { title: 'x' }))).toBe('');
  });
});
