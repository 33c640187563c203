import {
  endpoints as contract,
  LIVE_SOCKET_PATH as CONTRACT_LIVE_SOCKET_PATH,
  UPLOAD_IMAGE_PATH as CONTRACT_UPLOAD_PATH,
} from '@app/shared';
import { describe, expect, it } from 'vitest';
import { endpoints, LIVE_SOCKET_PATH, UPLOAD_IMAGE_PATH } from './api-routes';

describe('the site route table', () => {
  it.each(Object.entries(endpoints))('%s has the contract method and path', (name, route) => {
    const declared = contract[name as keyof typeof contract];
    expect(declared, `${name} is not in the contract`).toBeDefined();
    expect({ method: route.method, path: route.path }).toEqual({ method: declared.method, path: declared.path });
  });

  it('uses the contract image path', () => {
    expect(UPLOAD_IMAGE_PATH).toBe(CONTRACT_UPLOAD_PATH);
  });

  it('uses the contract live socket path', () => {
    expect(LIVE_SOCKET_PATH).toBe(CONTRACT_LIVE_SOCKET_PATH);
  });
});
