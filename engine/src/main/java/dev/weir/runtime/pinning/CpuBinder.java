package dev.weir.runtime.pinning;

/**
 * Binds the calling thread to one CPU. The default, {@link OpenHftCpuBinder}, reserves the CPU
 * with OpenHFT's {@code AffinityLock}; tests and platforms without it may supply their own.
 */
@FunctionalInterface
public interface CpuBinder {
    /**
     * Called on the thread to pin, before it runs its task.
     *
     * @param cpu the CPU to bind to
     * @return the binding, released on the same thread when the task ends
     * @throws CpuPinningException if the thread cannot be bound to that CPU (the thread then runs unpinned)
     */
    CpuBinding bind(int cpu);
}
