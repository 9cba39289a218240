import { renderHook, waitFor } from '@testing-library/react';
import { useIdleImport } from '@/hooks/useIdleImport';

describe('useIdleImport', () => {
  it('loads the module once the browser is idle and says so; a later caller starts ready', async () => {
    const load = jest.fn(() => Promise.resolve({}));
    const idle = jest.fn((callback: IdleRequestCallback) => {
      setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 10 }), 0);
      return 1;
    });
    Object.assign(window, { requestIdleCallback: idle, cancelIdleCallback: jest.fn() });
    try {
      const first = renderHook(() => useIdleImport(load));
      expect(first.result.current).toBe(false);
      await waitFor(() => expect(first.result.current).toBe(true));
      expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: 1000 });
      const later = renderHook(() => useIdleImport(load));
      expect(later.result.current).toBe(true);
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(window, 'requestIdleCallback');
      Reflect.deleteProperty(window, 'cancelIdleCallback');
    }
  });

  it('loads nothing while not wanted, and stays false when the load fails', async () => {
    const load = jest.fn(() => Promise.reject(new Error('offline')));
    const hook = renderHook(({ wanted }) => useIdleImport(load, wanted), { initialProps: { wanted: false } });
    expect(load).not.toHaveBeenCalled();
    hook.rerender({ wanted: true });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(hook.result.current).toBe(false);
  });
});
