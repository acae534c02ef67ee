package dev.weir.state;

/**
 * How the open-addressing tables of keyed state find an entry: the hash of a (key, namespace) pair, spread so that
 * its low bits pick the slot, and the equality of keys and namespaces. The heap backend's table and the off-heap
 * backend's entry cache share it; the tables differ in what a slot carries (the cache keeps hashes, key groups and
 * write-back flags beside each entry and gives entries up when full), not in how a slot is found.
 */
public final class StateEntries {
    private StateEntries() {
    }

    /**
     * @param key a key, not null
     * @param namespace a namespace, or null
     * @return their spread hash
     */
    public static int hash(final Object key, final Object namespace) {
        final int h = key.hashCode() * 31 + (namespace == null ? 0 : namespace.hashCode());
        // spread: the low bits pick the slot
        final int mixed = h * 0x9E3779B9;
        return mixed ^ (mixed >>> 16);
    }

    /**
     * @param a a key or namespace, or null
     * @param b another, or null
     * @return whether they are the same object or equal
     */
    public static boolean same(final Object a, final Object b) {
        return a == b || (a != null && a.equals(b));
    }
}
