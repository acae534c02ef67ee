package dev.weir.pipelines.replay;

import java.math.BigDecimal;

/**
 * Receives the values of one {@link ResultRow}, one call per column in schema order. The value kinds keep what
 * the formats need: text is quoted in JSON, numbers are not.
 */
public interface RowWriter {
    /**
     * @param value a text value (a symbol, a host, a metric name)
     * @return this writer
     */
    RowWriter text(CharSequence value);

    /**
     * @param value an integer (a time in milliseconds, a count, a volume)
     * @return this writer
     */
    RowWriter number(long value);

    /**
     * A fixed-point decimal printed with exactly {@code scale} decimals: {@code fixed(1901200, 4)} is
     * {@code 190.1200}.
     *
     * @param unscaled the value times 10^scale
     * @param scale decimals, 0 to 18
     * @return this writer
     */
    RowWriter fixed(long unscaled, int scale);

    /**
     * A decimal printed as short as it reads back exactly: {@code 12}, {@code 12.5}, {@code 0.001}; never in
     * exponent notation.
     *
     * @param value a finite value
     * @return this writer
     */
    RowWriter decimal(double value);

    /**
     * A decimal printed in full, never in exponent notation, without trailing zeros: {@code 12}, {@code 12.5},
     * and a value beyond the double range with all its digits. A value that {@link #decimal(double)} can take
     * prints the same way through either method.
     *
     * @param value a value
     * @return this writer
     */
    RowWriter decimal(BigDecimal value);
}
