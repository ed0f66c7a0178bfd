import { describe, expect, it } from 'vitest';
import { imageAccept, imageFileProblem, imageRuleText } from './image-file';

const RULE = { types: ['image/png', 'image/jpeg', 'image/webp'] as const, maxBytes: 5 * 1024 * 1024 };
const file = (name: string, type: string, size: number) => {
  const chosen = new File(['x'], name, { type });
  Object.defineProperty(chosen, 'size', { value: size });
  return chosen;
};

describe('a chosen picture', () => {
  it('is offered and described by its rule', () => {
    expect(imageAccept(RULE)).toBe('image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp');
    expect(imageRuleText(RULE)).toBe('PNG, JPEG or WebP, up to 5 MB');
    expect(imageRuleText({ types: ['image/png'], maxBytes: 1024 * 1024 })).toBe('PNG, up to 1 MB');
  });

  it('must be of an allowed type (by its name when the browser knows no type), not too large, not empty', () => {
    expect(imageFileProblem(file('a.png', 'image/png', 1000), RULE)).toBeNull();
    expect(imageFileProblem(file('a.webp', '', 1000), RULE)).toBeNull();
    expect(imageFileProblem(file('a.gif', 'image/gif', 1000), RULE)).toBe(
      'Choose a PNG, JPEG or WebP picture',
    );
    expect(imageFileProblem(file('a.pdf', '', 1000), RULE)).toBe('Choose a PNG, JPEG or WebP picture');
    expect(imageFileProblem(file('a.jpg', 'image/jpeg', RULE.maxBytes + 1), RULE)).toBe(
      'The picture is larger than 5 MB',
    );
    expect(imageFileProblem(file('a.jpg', 'image/jpeg', 0), RULE)).toBe('The file is empty');
  });
});
