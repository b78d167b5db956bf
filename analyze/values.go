package analyze

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/statespace"
)

// ValuesError reports a values file that is not a heuristic's values for
// every board of a space: Format is "npy" or "raw", Problem what is wrong.
type ValuesError struct {
	Format  string
	Problem string
}

// Kind is errkind.Value.
func (*ValuesError) Kind() errkind.Kind { return errkind.Value }

func (e *ValuesError) Error() string {
	if e.Format == "npy" {
		return "NumPy .npy file: " + e.Problem
	}
	return "raw values file: " + e.Problem
}

// npyMagic begins every .npy file.
const npyMagic = "\x93NUMPY"

// maxNPYHeader bounds the header a .npy file may declare (NumPy writes a
// few dozen bytes, padded to a multiple of 64).
const maxNPYHeader = 1 << 16

// npyDtypes are the element types ReadNPY accepts, by their NumPy
// descr: signed and unsigned integers of 1 to 8 bytes and floats of 4 and
// 8 bytes (whose values must then be whole numbers), little-endian ('<'),
// big-endian ('>') or of one byte ('|').
var npyDtypes = map[string]bool{
	"u1": true, "i1": true, "u2": true, "i2": true, "u4": true, "i4": true,
	"u8": true, "i8": true, "f4": true, "f8": true,
}

// ReadNPY reads a heuristic's value for each of n boards, in rank order,
// from a NumPy .npy file (format version 1, 2 or 3): a one-dimensional
// array of shape (n,) of any integer dtype of 1 to 8 bytes, or of float32
// or float64 holding whole numbers, every value from 0 to MaxValue−1. It
// checks the header (the dtype, the order and the length) before reading
// any value, holds one byte a board, and refuses anything after the
// array. Every refusal is a *ValuesError.
func ReadNPY(r io.Reader, n uint64) ([]uint8, error) {
	br := bufio.NewReader(r)
	h, err := readNPYHeader(br)
	if err != nil {
		return nil, err
	}
	if h.length != n {
		return nil, npyErr("shape (%s,): the space has %s boards, one value each", textfmt.Commas(h.length), textfmt.Commas(n))
	}
	out := make([]uint8, n)
	size := int(h.dtype[2] - '0')
	var order binary.ByteOrder = binary.LittleEndian
	if h.dtype[0] == '>' {
		order = binary.BigEndian
	}
	buf := make([]byte, 4096*size)
	for done := uint64(0); done < n; {
		k := min(uint64(len(buf)/size), n-done)
		if m, err := io.ReadFull(br, buf[:k*uint64(size)]); err != nil {
			return nil, npyErr("the data ends after %s of its %s values", textfmt.Commas(done+uint64(m/size)), textfmt.Commas(n))
		}
		for i := uint64(0); i < k; i++ {
			e := buf[uint64(size)*i:]
			v, ok := decode(h.dtype[1:], order, e)
			if !ok || v < 0 || v >= MaxValue {
				return nil, npyErr("value %s at index %s: a heuristic's values are whole numbers from 0 to %d", element(h.dtype[1:], order, e), textfmt.Commas(done+i), MaxValue-1)
			}
			out[done+i] = uint8(v)
		}
		done += k
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, npyErr("more bytes follow the array's %s values", textfmt.Commas(n))
	}
	return out, nil
}

// decode returns the value of one element of type t ("u2", "f8", …).
func decode(t string, order binary.ByteOrder, b []byte) (int, bool) {
	switch t {
	case "u1":
		return int(b[0]), true
	case "i1":
		return int(int8(b[0])), true
	case "u2":
		return int(order.Uint16(b)), true
	case "i2":
		return int(int16(order.Uint16(b))), true
	case "u4":
		return clampInt(uint64(order.Uint32(b)), false), true
	case "i4":
		return int(int32(order.Uint32(b))), true
	case "u8":
		return clampInt(order.Uint64(b), false), true
	case "i8":
		return clampInt(order.Uint64(b), true), true
	case "f4":
		return wholeFloat(float64(math.Float32frombits(order.Uint32(b))))
	case "f8":
		return wholeFloat(math.Float64frombits(order.Uint64(b)))
	}
	return 0, false
}

// clampInt turns a 64-bit value into an int outside 0 … MaxValue−1 when
// it is out of that range, without overflow.
func clampInt(u uint64, signed bool) int {
	if signed && int64(u) < 0 {
		return -1
	}
	if u >= MaxValue {
		return MaxValue
	}
	return int(u)
}

// wholeFloat returns f as an int when it is a whole number in range.
func wholeFloat(f float64) (int, bool) {
	if f != math.Trunc(f) || f < 0 || f >= MaxValue {
		return 0, false
	}
	return int(f), true
}

// element writes an element's value for a message.
func element(t string, order binary.ByteOrder, b []byte) string {
	switch t {
	case "f4":
		return strconv.FormatFloat(float64(math.Float32frombits(order.Uint32(b))), 'g', -1, 32)
	case "f8":
		return strconv.FormatFloat(math.Float64frombits(order.Uint64(b)), 'g', -1, 64)
	case "u4":
		return strconv.FormatUint(uint64(order.Uint32(b)), 10)
	case "u8":
		return strconv.FormatUint(order.Uint64(b), 10)
	case "i8":
		return strconv.FormatInt(int64(order.Uint64(b)), 10)
	}
	v, _ := decode(t, order, b)
	return strconv.Itoa(v)
}

// npyHeader is what ReadNPY needs of a header.
type npyHeader struct {
	dtype  string // "<u2", "|u1", …
	length uint64 // shape (length,)
}

func npyErr(format string, args ...any) error {
	return &ValuesError{Format: "npy", Problem: fmt.Sprintf(format, args...)}
}

// readNPYHeader reads and checks a .npy file's magic, version and header.
func readNPYHeader(r *bufio.Reader) (npyHeader, error) {
	var pre [8]byte
	if _, err := io.ReadFull(r, pre[:]); err != nil || string(pre[:6]) != npyMagic {
		return npyHeader{}, npyErr("it does not begin with the .npy magic \\x93NUMPY")
	}
	var hlen uint64
	switch pre[6] {
	case 1:
		var b [2]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return npyHeader{}, npyErr("it ends inside its header")
		}
		hlen = uint64(binary.LittleEndian.Uint16(b[:]))
	case 2, 3:
		var b [4]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return npyHeader{}, npyErr("it ends inside its header")
		}
		hlen = uint64(binary.LittleEndian.Uint32(b[:]))
	default:
		return npyHeader{}, npyErr("format version %d.%d: versions 1, 2 and 3 are read", pre[6], pre[7])
	}
	if hlen > maxNPYHeader {
		return npyHeader{}, npyErr("a header of %s bytes: at most %s are read", textfmt.Commas(hlen), textfmt.Commas(maxNPYHeader))
	}
	text := make([]byte, hlen)
	if _, err := io.ReadFull(r, text); err != nil {
		return npyHeader{}, npyErr("it ends inside its header (%s bytes declared)", textfmt.Commas(hlen))
	}
	return parseNPYHeader(string(text))
}

// parseNPYHeader reads the header's Python dictionary literal, such as
// {'descr': '<u2', 'fortran_order': False, 'shape': (181440,), }.
func parseNPYHeader(text string) (npyHeader, error) {
	p := &pyLit{s: strings.TrimRight(text, " \n")}
	fields, err := p.dict()
	if err != nil {
		return npyHeader{}, npyErr("header %q: %v", text, err)
	}
	var h npyHeader
	for _, key := range []string{"descr", "fortran_order", "shape"} {
		if _, ok := fields[key]; !ok {
			return npyHeader{}, npyErr("the header has no %q", key)
		}
	}
	if len(fields) != 3 {
		return npyHeader{}, npyErr("header %q: the keys are descr, fortran_order and shape", text)
	}
	descr, ok := fields["descr"].(string)
	if !ok || len(descr) != 3 || !npyDtypes[descr[1:]] || !(descr[0] == '<' || descr[0] == '>' || descr[0] == '|' && descr[2] == '1') {
		return npyHeader{}, npyErr("dtype %v: the values must be integers (int8 to int64, uint8 to uint64) or floats (float32, float64) holding whole numbers", fields["descr"])
	}
	h.dtype = descr
	if h.dtype[0] == '|' {
		h.dtype = "<" + descr[1:]
	}
	if f, ok := fields["fortran_order"].(bool); !ok || f {
		return npyHeader{}, npyErr("fortran_order %v: the array must be in C order (fortran_order False)", fields["fortran_order"])
	}
	shape, ok := fields["shape"].([]uint64)
	if !ok || len(shape) != 1 {
		return npyHeader{}, npyErr("shape %v: the values are one array of one value a board, shape (n,)", fields["shape"])
	}
	h.length = shape[0]
	return h, nil
}

// pyLit parses the few Python literals a .npy header holds: a dict of
// string keys, strings, True, False and tuples of non-negative integers.
type pyLit struct {
	s string
	i int
}

func (p *pyLit) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\n' || p.s[p.i] == '\t') {
		p.i++
	}
}

// eat skips spaces and then c, reporting whether c was there.
func (p *pyLit) eat(c byte) bool {
	p.space()
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *pyLit) dict() (map[string]any, error) {
	if !p.eat('{') {
		return nil, errors.New("not a dictionary")
	}
	out := map[string]any{}
	for !p.eat('}') {
		k, err := p.value()
		if err != nil {
			return nil, err
		}
		key, ok := k.(string)
		if !ok {
			return nil, errors.New("a key that is not a string")
		}
		if _, dup := out[key]; dup {
			return nil, fmt.Errorf("key %q twice", key)
		}
		if !p.eat(':') {
			return nil, fmt.Errorf("no ':' after %q", key)
		}
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		out[key] = v
		if !p.eat(',') {
			if !p.eat('}') {
				return nil, errors.New("no ',' or '}' after a value")
			}
			break
		}
	}
	p.space()
	if p.i != len(p.s) {
		return nil, errors.New("text after the dictionary")
	}
	return out, nil
}

// value reads a string, True, False or a tuple of integers.
func (p *pyLit) value() (any, error) {
	p.space()
	rest := p.s[p.i:]
	switch {
	case strings.HasPrefix(rest, "True"):
		p.i += 4
		return true, nil
	case strings.HasPrefix(rest, "False"):
		p.i += 5
		return false, nil
	case rest != "" && (rest[0] == '\'' || rest[0] == '"'):
		end := strings.IndexByte(rest[1:], rest[0])
		if end < 0 {
			return nil, errors.New("a string without its closing quote")
		}
		p.i += end + 2
		return rest[1 : end+1], nil
	case rest != "" && rest[0] == '(':
		p.i++
		dims := []uint64{}
		for !p.eat(')') {
			p.space()
			j := p.i
			for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
				p.i++
			}
			d, err := strconv.ParseUint(p.s[j:p.i], 10, 64)
			if err != nil {
				return nil, errors.New("a tuple of other than non-negative integers")
			}
			dims = append(dims, d)
			if !p.eat(',') {
				if !p.eat(')') {
					return nil, errors.New("a tuple without its closing parenthesis")
				}
				break
			}
		}
		return dims, nil
	}
	return nil, errors.New("a value other than a string, True, False or a tuple")
}

// ReadRaw reads a heuristic's value for each of n boards, in rank order,
// as raw bytes: one unsigned byte (uint8) a board and nothing else, n
// bytes in all. Refusals are *ValuesError: a file of another length (its
// length counted, holding one buffer at a time) or one that begins as a
// .npy file does.
func ReadRaw(r io.Reader, n uint64) ([]uint8, error) {
	br := bufio.NewReader(r)
	if head, _ := br.Peek(len(npyMagic)); string(head) == npyMagic {
		return nil, &ValuesError{Format: "raw", Problem: "it begins with the .npy magic \\x93NUMPY: it is a NumPy .npy file"}
	}
	out := make([]uint8, n)
	got, err := io.ReadFull(br, out)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, err
	}
	extra, err := io.Copy(io.Discard, br)
	if err != nil {
		return nil, err
	}
	if total := uint64(got) + uint64(extra); total != n {
		return nil, &ValuesError{Format: "raw", Problem: fmt.Sprintf("%s bytes: it holds one byte (uint8) a board, %s for this space", textfmt.Commas(total), textfmt.Commas(n))}
	}
	return out, nil
}

// Values is the heuristic whose value for each board of sp is values at
// the board's rank (as ReadNPY and ReadRaw return them), named name.
func Values(name string, sp *statespace.Space, values []uint8) Heuristic {
	return Heuristic{Name: name, H: rankedValues{sp: sp, v: values}}
}

type rankedValues struct {
	sp *statespace.Space
	v  []uint8
}

func (r rankedValues) Distance(b statespace.Board) int { return int(r.v[r.sp.Rank(b)]) }
