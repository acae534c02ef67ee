package dev.weir.source;

/**
 * A test reader that emits one record per read, {@code <name><k>} with timestamp {@code speed * k}
 * for k = 1, 2, ..., up to a limit (then nothing is available, forever).
 */
final class SteadyReader implements SourceReader<String> {
    private final String name;
    private final long speed;
    private final long limit;
    private long k;

    /**
     * @param name the records' prefix
     * @param speed event-time milliseconds per record
     * @param limit how many records in all
     */
    SteadyReader(final String name, final long speed, final long limit) {
        this.name = name;
        this.speed = speed;
        this.limit = limit;
    }

    @Override
    public ReadStatus read(final SourceOutput<String> output) {
        if (k == limit) {
            return ReadStatus.NOTHING_AVAILABLE;
        }
        k++;
        output.emit(name + k, speed * k);
        return ReadStatus.MORE;
    }

    /** @return records emitted */
    long records() {
        return k;
    }
}
