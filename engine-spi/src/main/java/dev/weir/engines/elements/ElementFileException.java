package dev.weir.engines.elements;

import dev.weir.codec.input.BadInputException;

/** A bad row of an element file: names the file, the line and the column at fault. */
public final class ElementFileException extends BadInputException {
    private static final long serialVersionUID = 1L;

    /**
     * @param file the element file's name
     * @param line the 1-based line, or 0 when unknown
     * @param field the column at fault, or null
     * @param message what is wrong
     */
    public ElementFileException(final String file, final int line, final String field, final String message) {
        super(file, line, field, message);
    }
}
