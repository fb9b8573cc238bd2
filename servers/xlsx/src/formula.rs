//! The syntax check every formula passes before it is written: text and sheet-name quotes
//! closed, parentheses and braces balanced, no empty or dangling operator, every function a
//! known Excel function (or a name the workbook defines), cell references within the sheet,
//! and no function or operator that reaches outside the workbook (DDE `|`, WEBSERVICE, RTD,
//! CALL, REGISTER.ID). Excel's full grammar is not checked; a formula that passes may still
//! evaluate to an error in Excel.

use crate::book::{MAX_ROW, col_number};

/// A formula without its leading `=`, or why it is not one.
pub fn check(formula: &str, defined_names: &[String]) -> Result<String, String> {
    let body = formula.trim();
    let body = body.strip_prefix('=').unwrap_or(body).trim();
    if body.is_empty() {
        return Err("the formula is empty".into());
    }
    let chars: Vec<char> = body.chars().collect();
    let mut stack: Vec<char> = Vec::new();
    let mut i = 0;
    // What came last: an operand (value, reference, closing bracket), an operator, or an
    // opening bracket / separator.
    let mut last_operand = false;
    let mut last_open = true;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '"' => {
                i += 1;
                loop {
                    match chars.get(i) {
                        None => return Err("a text in double quotes is not closed".into()),
                        Some('"') if chars.get(i + 1) == Some(&'"') => i += 2,
                        Some('"') => break,
                        Some(_) => i += 1,
                    }
                }
                last_operand = true;
                last_open = false;
            }
            '\'' => {
                i += 1;
                loop {
                    match chars.get(i) {
                        None => return Err("a sheet name in single quotes is not closed".into()),
                        Some('\'') if chars.get(i + 1) == Some(&'\'') => i += 2,
                        Some('\'') => break,
                        Some(_) => i += 1,
                    }
                }
                if chars.get(i + 1) != Some(&'!') {
                    return Err("a quoted sheet name must be followed by `!`".into());
                }
                last_operand = false;
                last_open = false;
            }
            '(' | '{' => {
                stack.push(c);
                last_operand = false;
                last_open = true;
            }
            ')' | '}' => {
                let open = if c == ')' { '(' } else { '{' };
                match stack.pop() {
                    Some(o) if o == open => {}
                    Some(o) => {
                        return Err(format!("`{c}` closes `{o}`: the brackets do not match"));
                    }
                    None => return Err(format!("`{c}` has no opening bracket before it")),
                }
                if !last_operand && !last_open {
                    return Err(format!("an operator has no operand before `{c}`"));
                }
                last_operand = true;
                last_open = false;
            }
            ',' | ';' => {
                last_operand = false;
                last_open = true;
            }
            '|' => {
                return Err(
                    "`|` (a DDE link to another program) is not allowed in a formula".into(),
                );
            }
            '+' | '-' => {
                // Also unary.
                last_operand = false;
                last_open = false;
            }
            '*' | '/' | '^' | '&' | '=' | '<' | '>' => {
                if !last_operand {
                    return Err(format!("the operator `{c}` has no operand before it"));
                }
                last_operand = false;
                last_open = false;
            }
            '%' => {
                if !last_operand {
                    return Err("`%` has no operand before it".into());
                }
            }
            ' ' | '\t' | '\n' | '\r' => {}
            _ if c.is_alphanumeric() || "_$.\\#:!@[]".contains(c) => {
                let start = i;
                while let Some(&d) = chars.get(i + 1) {
                    if d.is_alphanumeric() || "_$.\\#:!@[]".contains(d) {
                        i += 1;
                    } else {
                        break;
                    }
                }
                let word: String = chars[start..=i].iter().collect();
                let next = chars[i + 1..].iter().find(|c| !c.is_whitespace());
                if next == Some(&'(') {
                    check_function(&word, defined_names)?;
                    last_operand = false;
                    last_open = false;
                } else {
                    check_operand(&word)?;
                    last_operand = true;
                    last_open = false;
                }
            }
            _ => return Err(format!("the character `{c}` is not expected here")),
        }
        i += 1;
    }
    if let Some(o) = stack.pop() {
        return Err(format!(
            "`{o}` is never closed: the brackets are unbalanced"
        ));
    }
    if !last_operand {
        return Err("the formula ends with an operator or separator".into());
    }
    Ok(body.to_owned())
}

/// A function name: known to Excel, or a name the workbook defines (a LAMBDA).
fn check_function(word: &str, defined: &[String]) -> Result<(), String> {
    let upper = word.to_ascii_uppercase();
    let name = upper
        .strip_prefix("_XLFN._XLWS.")
        .or_else(|| upper.strip_prefix("_XLFN."))
        .or_else(|| upper.strip_prefix("_XLWS."))
        .unwrap_or(&upper);
    if BLOCKED.contains(&name) {
        return Err(format!(
            "{name} reaches outside the workbook (web, other programs) and is not allowed"
        ));
    }
    if FUNCTIONS.contains(&name) || defined.iter().any(|d| d.eq_ignore_ascii_case(name)) {
        return Ok(());
    }
    Err(format!("{word} is not a known Excel function"))
}

/// An operand: a number, TRUE/FALSE, an error value, a reference or a name.
fn check_operand(word: &str) -> Result<(), String> {
    if word.starts_with('#') {
        return Ok(());
    }
    if word
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_digit() || c == '.')
    {
        // A number (1, 1.5, 1E3) or a row range (1:3).
        return Ok(());
    }
    let reference = word.rsplit_once('!').map_or(word, |(_, r)| r);
    for part in reference.split(':') {
        let t = part.replace('$', "");
        let split = t.find(|c: char| c.is_ascii_digit());
        if let Some(at) = split {
            let (letters, digits) = t.split_at(at);
            let looks_like_cell = !letters.is_empty()
                && letters.len() <= 3
                && letters.chars().all(|c| c.is_ascii_alphabetic())
                && digits.chars().all(|c| c.is_ascii_digit());
            if looks_like_cell {
                if col_number(letters).is_none() {
                    return Err(format!("{part} is beyond the last column, XFD"));
                }
                let row: u64 = digits.parse().unwrap_or(0);
                if row == 0 || row > u64::from(MAX_ROW) {
                    return Err(format!(
                        "{part}: row {digits} is not between 1 and {MAX_ROW}"
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Functions that reach outside the workbook.
const BLOCKED: &[&str] = &[
    "CALL",
    "REGISTER",
    "REGISTER.ID",
    "RTD",
    "WEBSERVICE",
    "FILTERXML",
    "EXEC",
];

/// Excel's worksheet functions (upper case).
const FUNCTIONS: &[&str] = &[
    "ABS",
    "ACCRINT",
    "ACCRINTM",
    "ACOS",
    "ACOSH",
    "ACOT",
    "ACOTH",
    "AGGREGATE",
    "ADDRESS",
    "AMORDEGRC",
    "AMORLINC",
    "AND",
    "ARABIC",
    "AREAS",
    "ARRAYTOTEXT",
    "ASC",
    "ASIN",
    "ASINH",
    "ATAN",
    "ATAN2",
    "ATANH",
    "AVEDEV",
    "AVERAGE",
    "AVERAGEA",
    "AVERAGEIF",
    "AVERAGEIFS",
    "BAHTTEXT",
    "BASE",
    "BESSELI",
    "BESSELJ",
    "BESSELK",
    "BESSELY",
    "BETA.DIST",
    "BETA.INV",
    "BETADIST",
    "BETAINV",
    "BIN2DEC",
    "BIN2HEX",
    "BIN2OCT",
    "BINOM.DIST",
    "BINOM.DIST.RANGE",
    "BINOM.INV",
    "BINOMDIST",
    "BITAND",
    "BITLSHIFT",
    "BITOR",
    "BITRSHIFT",
    "BITXOR",
    "BYCOL",
    "BYROW",
    "CEILING",
    "CEILING.MATH",
    "CEILING.PRECISE",
    "CELL",
    "CHAR",
    "CHIDIST",
    "CHIINV",
    "CHISQ.DIST",
    "CHISQ.DIST.RT",
    "CHISQ.INV",
    "CHISQ.INV.RT",
    "CHISQ.TEST",
    "CHITEST",
    "CHOOSE",
    "CHOOSECOLS",
    "CHOOSEROWS",
    "CLEAN",
    "CODE",
    "COLUMN",
    "COLUMNS",
    "COMBIN",
    "COMBINA",
    "COMPLEX",
    "CONCAT",
    "CONCATENATE",
    "CONFIDENCE",
    "CONFIDENCE.NORM",
    "CONFIDENCE.T",
    "CONVERT",
    "CORREL",
    "COS",
    "COSH",
    "COT",
    "COTH",
    "COUNT",
    "COUNTA",
    "COUNTBLANK",
    "COUNTIF",
    "COUNTIFS",
    "COUPDAYBS",
    "COUPDAYS",
    "COUPDAYSNC",
    "COUPNCD",
    "COUPNUM",
    "COUPPCD",
    "COVAR",
    "COVARIANCE.P",
    "COVARIANCE.S",
    "CRITBINOM",
    "CSC",
    "CSCH",
    "CUBEKPIMEMBER",
    "CUBEMEMBER",
    "CUBEMEMBERPROPERTY",
    "CUBERANKEDMEMBER",
    "CUBESET",
    "CUBESETCOUNT",
    "CUBEVALUE",
    "CUMIPMT",
    "CUMPRINC",
    "DATE",
    "DATEDIF",
    "DATEVALUE",
    "DAVERAGE",
    "DAY",
    "DAYS",
    "DAYS360",
    "DB",
    "DBCS",
    "DCOUNT",
    "DCOUNTA",
    "DDB",
    "DEC2BIN",
    "DEC2HEX",
    "DEC2OCT",
    "DECIMAL",
    "DEGREES",
    "DELTA",
    "DEVSQ",
    "DGET",
    "DISC",
    "DMAX",
    "DMIN",
    "DOLLAR",
    "DOLLARDE",
    "DOLLARFR",
    "DPRODUCT",
    "DROP",
    "DSTDEV",
    "DSTDEVP",
    "DSUM",
    "DURATION",
    "DVAR",
    "DVARP",
    "EDATE",
    "EFFECT",
    "ENCODEURL",
    "EOMONTH",
    "ERF",
    "ERF.PRECISE",
    "ERFC",
    "ERFC.PRECISE",
    "ERROR.TYPE",
    "EUROCONVERT",
    "EVEN",
    "EXACT",
    "EXP",
    "EXPAND",
    "EXPON.DIST",
    "EXPONDIST",
    "F.DIST",
    "F.DIST.RT",
    "F.INV",
    "F.INV.RT",
    "F.TEST",
    "FACT",
    "FACTDOUBLE",
    "FALSE",
    "FDIST",
    "FILTER",
    "FIND",
    "FINDB",
    "FINV",
    "FISHER",
    "FISHERINV",
    "FIXED",
    "FLOOR",
    "FLOOR.MATH",
    "FLOOR.PRECISE",
    "FORECAST",
    "FORECAST.ETS",
    "FORECAST.ETS.CONFINT",
    "FORECAST.ETS.SEASONALITY",
    "FORECAST.ETS.STAT",
    "FORECAST.LINEAR",
    "FORMULATEXT",
    "FREQUENCY",
    "FTEST",
    "FV",
    "FVSCHEDULE",
    "GAMMA",
    "GAMMA.DIST",
    "GAMMA.INV",
    "GAMMADIST",
    "GAMMAINV",
    "GAMMALN",
    "GAMMALN.PRECISE",
    "GAUSS",
    "GCD",
    "GEOMEAN",
    "GESTEP",
    "GETPIVOTDATA",
    "GROWTH",
    "HARMEAN",
    "HEX2BIN",
    "HEX2DEC",
    "HEX2OCT",
    "HLOOKUP",
    "HOUR",
    "HSTACK",
    "HYPERLINK",
    "HYPGEOM.DIST",
    "HYPGEOMDIST",
    "IF",
    "IFERROR",
    "IFNA",
    "IFS",
    "IMABS",
    "IMAGE",
    "IMAGINARY",
    "IMARGUMENT",
    "IMCONJUGATE",
    "IMCOS",
    "IMCOSH",
    "IMCOT",
    "IMCSC",
    "IMCSCH",
    "IMDIV",
    "IMEXP",
    "IMLN",
    "IMLOG10",
    "IMLOG2",
    "IMPOWER",
    "IMPRODUCT",
    "IMREAL",
    "IMSEC",
    "IMSECH",
    "IMSIN",
    "IMSINH",
    "IMSQRT",
    "IMSUB",
    "IMSUM",
    "IMTAN",
    "INDEX",
    "INDIRECT",
    "INFO",
    "INT",
    "INTERCEPT",
    "INTRATE",
    "IPMT",
    "IRR",
    "ISBLANK",
    "ISERR",
    "ISERROR",
    "ISEVEN",
    "ISFORMULA",
    "ISLOGICAL",
    "ISNA",
    "ISNONTEXT",
    "ISNUMBER",
    "ISO.CEILING",
    "ISODD",
    "ISOMITTED",
    "ISOWEEKNUM",
    "ISPMT",
    "ISREF",
    "ISTEXT",
    "JIS",
    "KURT",
    "LAMBDA",
    "LARGE",
    "LCM",
    "LEFT",
    "LEFTB",
    "LEN",
    "LENB",
    "LET",
    "LINEST",
    "LN",
    "LOG",
    "LOG10",
    "LOGEST",
    "LOGINV",
    "LOGNORM.DIST",
    "LOGNORM.INV",
    "LOGNORMDIST",
    "LOOKUP",
    "LOWER",
    "MAKEARRAY",
    "MAP",
    "MATCH",
    "MAX",
    "MAXA",
    "MAXIFS",
    "MDETERM",
    "MDURATION",
    "MEDIAN",
    "MID",
    "MIDB",
    "MIN",
    "MINA",
    "MINIFS",
    "MINUTE",
    "MINVERSE",
    "MIRR",
    "MMULT",
    "MOD",
    "MODE",
    "MODE.MULT",
    "MODE.SNGL",
    "MONTH",
    "MROUND",
    "MULTINOMIAL",
    "MUNIT",
    "N",
    "NA",
    "NEGBINOM.DIST",
    "NEGBINOMDIST",
    "NETWORKDAYS",
    "NETWORKDAYS.INTL",
    "NOMINAL",
    "NORM.DIST",
    "NORM.INV",
    "NORM.S.DIST",
    "NORM.S.INV",
    "NORMDIST",
    "NORMINV",
    "NORMSDIST",
    "NORMSINV",
    "NOT",
    "NOW",
    "NPER",
    "NPV",
    "NUMBERVALUE",
    "OCT2BIN",
    "OCT2DEC",
    "OCT2HEX",
    "ODD",
    "ODDFPRICE",
    "ODDFYIELD",
    "ODDLPRICE",
    "ODDLYIELD",
    "OFFSET",
    "OR",
    "PDURATION",
    "PEARSON",
    "PERCENTILE",
    "PERCENTILE.EXC",
    "PERCENTILE.INC",
    "PERCENTRANK",
    "PERCENTRANK.EXC",
    "PERCENTRANK.INC",
    "PERMUT",
    "PERMUTATIONA",
    "PHI",
    "PHONETIC",
    "PI",
    "PMT",
    "POISSON",
    "POISSON.DIST",
    "POWER",
    "PPMT",
    "PRICE",
    "PRICEDISC",
    "PRICEMAT",
    "PROB",
    "PRODUCT",
    "PROPER",
    "PV",
    "QUARTILE",
    "QUARTILE.EXC",
    "QUARTILE.INC",
    "QUOTIENT",
    "RADIANS",
    "RAND",
    "RANDARRAY",
    "RANDBETWEEN",
    "RANK",
    "RANK.AVG",
    "RANK.EQ",
    "RATE",
    "RECEIVED",
    "REDUCE",
    "REGEXEXTRACT",
    "REGEXREPLACE",
    "REGEXTEST",
    "REPLACE",
    "REPLACEB",
    "REPT",
    "RIGHT",
    "RIGHTB",
    "ROMAN",
    "ROUND",
    "ROUNDDOWN",
    "ROUNDUP",
    "ROW",
    "ROWS",
    "RRI",
    "RSQ",
    "SCAN",
    "SEARCH",
    "SEARCHB",
    "SEC",
    "SECH",
    "SECOND",
    "SEQUENCE",
    "SERIESSUM",
    "SHEET",
    "SHEETS",
    "SIGN",
    "SIN",
    "SINH",
    "SKEW",
    "SKEW.P",
    "SLN",
    "SLOPE",
    "SMALL",
    "SORT",
    "SORTBY",
    "SQRT",
    "SQRTPI",
    "STANDARDIZE",
    "STDEV",
    "STDEV.P",
    "STDEV.S",
    "STDEVA",
    "STDEVP",
    "STDEVPA",
    "STEYX",
    "SUBSTITUTE",
    "SUBTOTAL",
    "SUM",
    "SUMIF",
    "SUMIFS",
    "SUMPRODUCT",
    "SUMSQ",
    "SUMX2MY2",
    "SUMX2PY2",
    "SUMXMY2",
    "SWITCH",
    "SYD",
    "T",
    "T.DIST",
    "T.DIST.2T",
    "T.DIST.RT",
    "T.INV",
    "T.INV.2T",
    "T.TEST",
    "TAKE",
    "TAN",
    "TANH",
    "TBILLEQ",
    "TBILLPRICE",
    "TBILLYIELD",
    "TDIST",
    "TEXT",
    "TEXTAFTER",
    "TEXTBEFORE",
    "TEXTJOIN",
    "TEXTSPLIT",
    "TIME",
    "TIMEVALUE",
    "TINV",
    "TOCOL",
    "TODAY",
    "TOROW",
    "TRANSPOSE",
    "TREND",
    "TRIM",
    "TRIMMEAN",
    "TRUE",
    "TRUNC",
    "TTEST",
    "TYPE",
    "UNICHAR",
    "UNICODE",
    "UNIQUE",
    "UPPER",
    "VALUE",
    "VALUETOTEXT",
    "VAR",
    "VAR.P",
    "VAR.S",
    "VARA",
    "VARP",
    "VARPA",
    "VDB",
    "VLOOKUP",
    "VSTACK",
    "WEEKDAY",
    "WEEKNUM",
    "WEIBULL",
    "WEIBULL.DIST",
    "WORKDAY",
    "WORKDAY.INTL",
    "WRAPCOLS",
    "WRAPROWS",
    "XIRR",
    "XLOOKUP",
    "XMATCH",
    "XNPV",
    "XOR",
    "YEAR",
    "YEARFRAC",
    "YIELD",
    "YIELDDISC",
    "YIELDMAT",
    "Z.TEST",
    "ZTEST",
];
