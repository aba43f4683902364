import { RemoveScroll as library } from 'react-remove-scroll';
import { describe, expect, it } from 'vitest';
import { RemoveScroll } from './remove-scroll-classes';

describe('the AppShell\'s scrollbar classes without react-remove-scroll', () => {
  it('are the names the modals\' scroll lock gives room to', () => {
    expect(RemoveScroll.classNames).toEqual(library.classNames);
  });
});
