import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginFormSchema } from '../src/auth';
import { vietnamese } from './vietnamese';

const schema = loginFormSchema;
const messages = (input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : z.flattenError(result.error, vietnamese).fieldErrors;
};

describe('loginFormSchema', () => {
  it('gives the username and the password their own messages', () => {
    expect(messages({ username: '', password: '' })).toEqual({
      username: ['Vui lòng nhập tên tài khoản Carabala.'],
      password: ['Vui lòng nhập mật khẩu.'],
    });
    expect(messages({ username: 'abc', password: '12345' })).toEqual({
      username: ['Vui lòng nhập trong khoảng 6-200 kí tự.'],
      password: ['Vui lòng nhập trong khoảng 6-200 kí tự.'],
    });
    expect(messages({ username: 'a'.repeat(200), password: 'p'.repeat(199) }).username).toEqual([
      'Vui lòng nhập trong khoảng 6-200 kí tự.',
    ]);
    expect(messages({ username: 'player1', password: 'player123' })).toEqual({});
  });
});
