package dev.weir.runtime.pinning;

import net.openhft.affinity.AffinityLock;

/**
 * Pins threads with OpenHFT's {@code AffinityLock}: the CPU is reserved for the thread (no two
 * Weir threads share it) and the thread's affinity mask is set to it. Only CPUs in OpenHFT's
 * reservable set can be had; by default that is every CPU but CPU 0 (so on a 2-core machine
 * exactly one thread can be pinned, to CPU 1), unless {@code -Daffinity.reserved=<hex mask>}
 * says otherwise. If the library or its native access is missing, every bind fails with a
 * {@link CpuPinningException} and the pipeline runs unpinned. Thread-safe.
 */
public final class OpenHftCpuBinder implements CpuBinder {
    /** The shared instance. */
    public static final OpenHftCpuBinder INSTANCE = new OpenHftCpuBinder();

    private OpenHftCpuBinder() {
    }

    /**
     * Serialized: asked for a CPU it cannot give, OpenHFT may hand out another one for a moment,
     * which would make a concurrent bind of that CPU fail.
     */
    @Override
    public synchronized CpuBinding bind(final int cpu) {
        final AffinityLock lock;
        try {
            // asked for a CPU it does not reserve, OpenHFT hands out another one: refuse before that happens
            if (!AffinityLock.RESERVED_AFFINITY.get(cpu)) {
                throw new CpuPinningException("CPU " + cpu + " is not reservable (OpenHFT reserves CPUs " + AffinityLock.RESERVED_AFFINITY
                        + "; by default every CPU but CPU 0, which is left to the OS; -Daffinity.reserved=<hex mask> changes the set)");
            }
            lock = AffinityLock.acquireLock(cpu);
        } catch (LinkageError | RuntimeException e) {
            if (e instanceof CpuPinningException) {
                throw (CpuPinningException) e;
            }
            throw new CpuPinningException("OpenHFT affinity is not available here (" + e + ")", e);
        }
        if (!lock.isBound() || lock.cpuId() != cpu) {
            final String got = lock.isBound() ? "it offered CPU " + lock.cpuId() + " instead" : "no CPU was bound";
            lock.release();
            throw new CpuPinningException("OpenHFT did not give CPU " + cpu + " (" + got + "; another thread or process may hold it)");
        }
        return lock::release;
    }
}
