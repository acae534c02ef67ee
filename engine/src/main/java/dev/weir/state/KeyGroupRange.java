package dev.weir.state;

/** An inclusive range of key groups, the unit in which keyed state is split between instances. */
public final class KeyGroupRange {
    private final int startKeyGroup;
    private final int endKeyGroup;

    /**
     * @param startKeyGroup first key group, inclusive
     * @param endKeyGroup last key group, inclusive
     */
    public KeyGroupRange(final int startKeyGroup, final int endKeyGroup) {
        if (startKeyGroup < 0 || endKeyGroup < startKeyGroup) {
            throw new IllegalArgumentException("bad key group range [" + startKeyGroup + ", " + endKeyGroup + "]");
        }
        this.startKeyGroup = startKeyGroup;
        this.endKeyGroup = endKeyGroup;
    }

    /** @return the first key group */
    public int startKeyGroup() {
        return startKeyGroup;
    }

    /** @return the last key group */
    public int endKeyGroup() {
        return endKeyGroup;
    }

    /** @return how many key groups the range holds */
    public int size() {
        return endKeyGroup - startKeyGroup + 1;
    }

    /**
     * @param keyGroup a key group
     * @return true if the range holds it
     */
    public boolean contains(final int keyGroup) {
        return keyGroup >= startKeyGroup && keyGroup <= endKeyGroup;
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof KeyGroupRange
                && ((KeyGroupRange) other).startKeyGroup == startKeyGroup
                && ((KeyGroupRange) other).endKeyGroup == endKeyGroup;
    }

    @Override
    public int hashCode() {
        return 31 * startKeyGroup + endKeyGroup;
    }

    @Override
    public String toString() {
        return "[" + startKeyGroup + ", " + endKeyGroup + "]";
    }
}
