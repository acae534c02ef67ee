package dev.weir.source;

/**
 * Turns one line of a {@link FileSource}'s file into a record. Called on the source task's
 * thread; shared by every instance, so keep it stateless or thread-safe.
 *
 * @param <T> the record type
 */
@FunctionalInterface
public interface LineParser<T> {
    /**
     * @param line the line without its terminator; a reused buffer, valid only during the call
     *     (call {@code toString()} to keep it)
     * @return the record, or null to skip the line (a header, a comment)
     * @throws Exception if the line is bad; its message becomes part of a
     *     {@link SourceParseException} that names the file and the line
     */
    T parse(CharSequence line) throws Exception;
}
