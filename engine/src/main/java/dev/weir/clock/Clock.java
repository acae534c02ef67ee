package dev.weir.clock;

/** Source of processing time. */
public interface Clock {
    /** @return the current processing time in milliseconds */
    long millis();
}
