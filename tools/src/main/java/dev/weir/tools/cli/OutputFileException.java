package dev.weir.tools.cli;

import dev.weir.codec.input.BadInputException;

/** An {@code --output} file that cannot be used, such as one that is an input of the run. */
public final class OutputFileException extends BadInputException {
    private static final long serialVersionUID = 1L;

    /**
     * @param file the output file as given
     * @param message what is wrong with it
     */
    public OutputFileException(final String file, final String message) {
        super(file, 0, null, message);
    }
}
