package dev.weir.engines.elements;

/** The row kinds of an element file. */
public enum ElementKind {
    /** A record. */
    R,
    /** An explicit watermark. */
    W,
    /** The channel announces IDLE. */
    I,
    /** The channel announces ACTIVE. */
    A,
    /** End of input on the channel. */
    E
}
