package dev.weir.testing;

/**
 * A key whose hash code is the same for every instance, for tests that drive hash tables into
 * long probe runs; instances are equal when their ids are.
 *
 * @param id tells keys apart
 */
public record CollidingKey(int id) {
    @Override
    public int hashCode() {
        return 0;
    }
}
