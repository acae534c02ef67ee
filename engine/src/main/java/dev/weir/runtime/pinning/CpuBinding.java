package dev.weir.runtime.pinning;

/** A thread's hold on a CPU; released by the same thread when its task ends. */
@FunctionalInterface
public interface CpuBinding {
    /** Gives the CPU back; idempotent. */
    void release();
}
