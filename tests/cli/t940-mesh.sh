#!/usr/bin/env bash
# tribo mesh -mesh_type lapbeam: the parametric Abaqus deck of a BRB-like bolted lap beam. The
# decks are read back by an independent Python reader (below) and checked against closed forms:
# node and element counts from the options, CT and CB coincident with (nx+1)(ny+1) nodes each,
# interface area = overlap x width, volume = b H L (the two halves fill the bar) and mass = rho b H L
# by 2x2x2 Gauss integration, all Jacobians positive, faces S1/S2 outward -z/+z, every face of each
# half shared by at most two elements with the free surface of the L-shaped half, bolt footprints
# (faces within the washer radius, counted on the grid by hand), clamping load signs, ENDNDS, the
# step. Also -help, bad input and 1 rank versus 2 ranks. One line per check: "ok - ..." or "not ok - ...".
# timeout: 60
set -u
. tests/cli/lib.sh
W=$TMPDIR_TEST/t940

# --- help: every option with a default, units on the real ones, nothing written -----------------
run "$W/help" help mesh -help
bad=""
while IFS='|' read -r opt unit; do
  line=$(grep -E "^ *$opt <[^>]+>" "$W/help/help.out" | head -n 1)
  if [ -z "$line" ]; then bad="$bad $opt(absent or no default)"
  elif [ -n "$unit" ] && ! grep -qF -- "[$unit]" <<<"$line"; then bad="$bad $opt(no unit [$unit])"; fi
done <<'OPTS'
-mesh_type|
-output|
-lapbeam_length|m
-lapbeam_overlap|m
-lapbeam_width|m
-lapbeam_height|m
-lapbeam_nx|-
-lapbeam_nx_beam|-
-lapbeam_grading|-
-lapbeam_ny|-
-lapbeam_nz|-
-lapbeam_nbolts|-
-lapbeam_bolt_spacing|m
-lapbeam_washer_radius|m
-lapbeam_element|
-lapbeam_nmodes|-
-lapbeam_E|Pa
-lapbeam_nu|-
-lapbeam_rho|kg/m^3
-lapbeam_sensor_x|m
-lapbeam_sensor_y|m
OPTS
if [ $RC -ne 0 ]; then fail "tribo mesh -help exits 0" "exit status $RC" "$W/help/help.err"
elif [ -n "$bad" ]; then fail "tribo mesh -help lists the options with defaults and units" "$bad" "$W/help/help.out"
elif [ -e "$W/help/lapbeam.inp" ]; then fail "tribo mesh -help writes nothing" "lapbeam.inp written"
else pass "tribo mesh -help: every -lapbeam_* option with its default and unit, nothing written"; fi

run "$W/help" verbs help
if grep -qE '^  mesh +write a parametric FE deck' "$W/help/verbs.out"; then pass "tribo help lists the verb mesh"
else fail "tribo help lists the verb mesh" "not in the list" "$W/help/verbs.out"; fi

# --- decks: the default, a small one, a small one with odd ny, one bolt, C3D8R --------------------
SMALL="-lapbeam_nx 12 -lapbeam_ny 4 -lapbeam_nz 1 -lapbeam_nx_beam 4 -lapbeam_grading 2 -lapbeam_washer_radius 0.0095 -lapbeam_nmodes 7"
ODD="-lapbeam_nx 6 -lapbeam_ny 3 -lapbeam_nz 3 -lapbeam_nx_beam 3 -lapbeam_grading 1 -lapbeam_nbolts 1 -lapbeam_washer_radius 0.011 -lapbeam_element C3D8R -lapbeam_length 0.7 -lapbeam_overlap 0.12 -lapbeam_width 0.03 -lapbeam_height 0.02 -lapbeam_rho 7000"
decks_ok=1
run "$W/d" default mesh -output default.inp
[ $RC -eq 0 ] && [ -s "$W/d/default.inp" ] || { decks_ok=0; fail "tribo mesh writes the default deck" "exit status $RC" "$W/d/default.err"; }
# shellcheck disable=SC2086 # option lists
run "$W/d" small mesh -output small.inp $SMALL
[ $RC -eq 0 ] && [ -s "$W/d/small.inp" ] || { decks_ok=0; fail "tribo mesh writes the small deck" "exit status $RC" "$W/d/small.err"; }
# shellcheck disable=SC2086
run "$W/d" odd mesh -output odd.inp -lapbeam_view 0 $ODD
[ $RC -eq 0 ] && [ -s "$W/d/odd.inp" ] || { decks_ok=0; fail "tribo mesh writes the odd deck" "exit status $RC" "$W/d/odd.err"; }
[ $decks_ok = 1 ] && pass "tribo mesh writes the decks (default, small, odd ny with one bolt and C3D8R)"
if grep -q "Lap beam deck" "$W/d/odd.out"; then fail "-lapbeam_view 0 prints no summary" "a summary" "$W/d/odd.out"; else pass "-lapbeam_view 0 prints no summary"; fi
if grep -q "3878 nodes + 6 bolt reference nodes, 2496 C3D8 elements" "$W/d/default.out"; then pass "summary of the default deck: 3878 nodes, 6 reference nodes, 2496 elements"
else fail "summary of the default deck" "not 3878 nodes, 6 reference nodes, 2496 elements" "$W/d/default.out"; fi
ls "$W/d"/*.tmp.* >/dev/null 2>&1 && fail "no temporary file is left" "$(ls "$W/d")"

# shellcheck disable=SC2086
mpirun "$W/p" small 2 mesh -output small.inp $SMALL
if [ $RC -ne 0 ]; then fail "tribo mesh on 2 ranks" "exit status $RC" "$W/p/small.err"
elif ! cmp -s "$W/p/small.inp" "$W/d/small.inp"; then fail "2 ranks write the same deck as 1 rank" "files differ"
else pass "2 ranks write the same deck as 1 rank"; fi

# --- the decks read back independently --------------------------------------------------------
# parameters: L ov b H nx nxb grading ny nz nbolts spacing radius rho nmodes element sx sy
if [ $decks_ok = 1 ]; then
pychecks "lapbeam decks" \
  "$W/d/default.inp 0.720852 0.121412 0.0254 0.0254 24 40 3 6 2 3 0.03035 0.00873 7784.3 20 C3D8 0.35789 0.01016" \
  "$W/d/small.inp 0.720852 0.121412 0.0254 0.0254 12 4 2 4 1 3 0.03035 0.0095 7784.3 7 C3D8 0.35789 0.01016" \
  "$W/d/odd.inp 0.7 0.12 0.03 0.02 6 3 1 3 3 1 0.03035 0.011 7000 20 C3D8R 0.35789 0.01016" <<'EOF'
import sys, re
import numpy as np

def parse(path):
    """A small Abaqus reader: list of (keyword, {param: value}, [data lines], line number)."""
    blocks = []
    for ln, raw in enumerate(open(path), 1):
        line = raw.strip()
        if not line or line.startswith("**"):
            continue
        if line.startswith("*"):
            parts = [p.strip() for p in line[1:].split(",")]
            par = {}
            for p in parts[1:]:
                if p:
                    k, _, v = p.partition("=")
                    par[k.strip().lower()] = v.strip()
            blocks.append((parts[0].lower(), par, [], ln))
        else:
            assert blocks, "data before the first keyword at line %d" % ln
            blocks[-1][2].append(line)
    return blocks

def ints(lines):
    return [int(t) for l in lines for t in l.split(",") if t.strip()]

def check(name, cond, why=""):
    print(("ok - " if cond else "not ok - ") + name + ("" if cond else ": " + why))
    return cond

# Abaqus C3D8 faces (1-based local nodes)
FACES = {1: (1, 2, 3, 4), 2: (5, 8, 7, 6), 3: (1, 5, 6, 2), 4: (2, 6, 7, 3), 5: (3, 7, 8, 4), 6: (4, 8, 5, 1)}
g = 1 / np.sqrt(3)
GP = np.array([[a, b, c] for a in (-g, g) for b in (-g, g) for c in (-g, g)])
XI = np.array([[-1, -1, -1], [1, -1, -1], [1, 1, -1], [-1, 1, -1], [-1, -1, 1], [1, -1, 1], [1, 1, 1], [-1, 1, 1]], float)

def dN(p):  # derivatives of the 8 trilinear shape functions at p: 8 x 3
    d = np.empty((8, 3))
    for a in range(8):
        f = 1 + XI[a] * p
        d[a] = XI[a] / 8 * np.array([f[1] * f[2], f[0] * f[2], f[0] * f[1]])
    return d

def quad_area(P):  # bilinear quadrilateral area by 2x2 Gauss
    A = 0
    for s in (-g, g):
        for t in (-g, g):
            ds = 0.25 * np.array([-(1 - t), (1 - t), (1 + t), -(1 + t)])
            dt = 0.25 * np.array([-(1 - s), -(1 + s), (1 + s), (1 - s)])
            A += np.linalg.norm(np.cross(ds @ P, dt @ P))
    return A

def deck(args):
    (path, L, ov, b, H, nx, nxb, grading, ny, nz, nb, sp, r, rho, nmodes, etype, sx, sy) = args.split()
    L, ov, b, H, grading, sp, r, rho, sx, sy = map(float, (L, ov, b, H, grading, sp, r, rho, sx, sy))
    nx, nxb, ny, nz, nb, nmodes = map(int, (nx, nxb, ny, nz, nb, nmodes))
    tag = path.split("/")[-1]
    B = parse(path)
    kw = [k for k, _, _, _ in B]
    known = {"heading", "node", "element", "nset", "elset", "solid section", "surface", "coupling", "distributing",
             "equation", "material", "density", "elastic", "step", "substructure generate", "select eigenmodes",
             "retained nodal dofs", "substructure matrix output", "substructure load case", "cload", "end step"}
    check("%s: only known keywords" % tag, set(kw) <= known, str(set(kw) - known))
    X, conn, etypes, nsets, elsets, surfs, secs = {}, {}, set(), {}, {}, {}, {}
    for k, par, data, ln in B:
        if k == "node":
            for l in data:
                t = l.split(",")
                assert int(t[0]) not in X, "node %s twice" % t[0]
                X[int(t[0])] = np.array([float(v) for v in t[1:4]])
        elif k == "element":
            etypes.add(par["type"])
            for l in data:
                t = ints([l])
                conn[t[0]] = t[1:]
        elif k in ("nset", "elset"):
            v = ints(data)
            if "generate" in par:
                v = list(range(v[0], v[1] + 1, v[2]))
            (nsets if k == "nset" else elsets)[par[k].upper()] = v
        elif k == "surface":
            surfs[par["name"].upper()] = [(d.split(",")[0].strip().upper(), int(d.split(",")[1].strip()[1:])) for d in data]
        elif k == "solid section":
            secs[par["elset"].upper()] = par["material"]
    nn = (ny + 1) * (nx * (nz + 1) + (nxb + 1) * (2 * nz + 1))  # nodes of one half
    ne = ny * (nx * nz + nxb * 2 * nz)                          # elements of one half
    check("%s: %d + %d nodes = 2 (ny+1)(nx(nz+1) + (nx_beam+1)(2nz+1)) + 2 nbolts" % (tag, len(X) - 2 * nb, 2 * nb), len(X) == 2 * nn + 2 * nb and sorted(X) == list(range(1, 2 * nn + 2 * nb + 1)), "%d nodes" % len(X))
    check("%s: %d elements = 2 ny (nx nz + 2 nx_beam nz), type %s" % (tag, len(conn), etype), len(conn) == 2 * ne and etypes == {etype} and all(len(c) == 8 for c in conn.values()), "%d, %s" % (len(conn), etypes))
    # sections: every element in one section of material STEEL; halves 1..ne and ne+1..2ne
    # the left half (x <= ov/2) is the upper piece in the lap, the right half the lower one, as in BRB_MATEX.inp
    half = {e: (0 if e <= ne else 1) for e in conn}
    left, right = set(elsets.get("BEAM_LEFT", [])), set(elsets.get("BEAM_RIGHT", []))
    cx = {e: np.mean([X[n] for n in c], 0) for e, c in conn.items()}
    check("%s: sections BEAM_LEFT and BEAM_RIGHT cover every element once, material STEEL" % tag,
          secs == {"BEAM_LEFT": "STEEL", "BEAM_RIGHT": "STEEL"} and left | right == set(conn) and not left & right and left == {e for e in conn if half[e] == 0}, str(secs))
    check("%s: in the lap BEAM_LEFT lies above z = 0 and BEAM_RIGHT below; outside, the halves span x < -ov/2 and x > ov/2" % tag,
          all((cx[e][2] > 0) == (e in left) for e in conn if abs(cx[e][0]) < ov / 2) and all((cx[e][0] < 0) == (e in left) for e in conn if abs(cx[e][0]) > ov / 2))
    # geometry: Jacobians, volume, outward normals of faces, conformity and free surface per half
    el = sorted(conn)
    P = np.array([[X[n] for n in conn[e]] for e in el])                  # E x 8 x 3
    D = np.array([dN(p) for p in np.vstack([GP, XI])])                  # 16 x 8 x 3: Gauss points, then corners
    det = np.linalg.det(np.einsum("pai,eaj->epij", D, P))                # E x 16
    detmin = det.min()
    hv = np.array([half[e] for e in el])
    vol = det[:, :8].sum()
    Vh = [det[hv == s, :8].sum() for s in (0, 1)]
    fcount = [{}, {}]
    for e, c in conn.items():
        for f, loc in FACES.items():
            fcount[half[e]].setdefault(frozenset(c[i - 1] for i in loc), []).append((e, f))
    check("%s: every Jacobian positive (Gauss points and corners), min det J = %.3g" % (tag, detmin), detmin > 0)
    check("%s: volume %.10g m^3 = b H L" % (tag, vol), abs(vol - b * H * L) <= 1e-12 * b * H * L, "expected %.10g" % (b * H * L))
    check("%s: each half holds b H L / 2" % tag, all(abs(v - b * H * L / 2) <= 1e-12 * b * H * L for v in Vh), str(Vh))
    dens = [float(d.split(",")[0]) for k, _, dd, _ in B if k == "density" for d in dd]
    check("%s: mass rho b H L = %.6g kg" % (tag, rho * b * H * L), dens == [rho] and abs(dens[0] * vol - rho * b * H * L) <= 1e-12 * rho * b * H * L, str(dens))
    for s in (0, 1):
        shared = max(len(v) for v in fcount[s].values())
        free = sum(quad_area(np.array([X[n] for n in (conn[ef[0][0]][i - 1] for i in FACES[ef[0][1]])])) for ef in fcount[s].values() if len(ef) == 1)
        Aexp = H * L + (L + ov + 2 * H) * b  # two L-shaped sides H L / 2 each, perimeter L + ov + 2H times b
        check("%s: half %d conforming (a face in at most 2 elements), free surface %.8g m^2 = H L + (L + ov + 2H) b" % (tag, s, free), shared <= 2 and abs(free - Aexp) <= 1e-10 * Aexp, "shared %d, expected %.8g" % (shared, Aexp))
    check("%s: the halves share no node" % tag, not {n for e in conn if half[e] == 0 for n in conn[e]} & {n for e in conn if half[e] == 1 for n in conn[e]})

    def faceinfo(e, f):
        P = np.array([X[conn[e][i - 1]] for i in FACES[f]])
        cen = np.array([X[n] for n in conn[e]]).mean(0)
        nrm = np.cross(P[1] - P[0], P[3] - P[0])  # right-hand normal of the face's node order: into the element for Abaqus
        return P, P.mean(0), -nrm / np.linalg.norm(nrm), cen

    def surf_faces(name):
        return [(e, f) for es, f in surfs.get(name.upper(), []) for e in elsets[es]]
    # interface
    nif = (nx + 1) * (ny + 1)
    CT, CB = nsets.get("CT", []), nsets.get("CB", [])
    pt = sorted(tuple(X[n]) for n in CT)
    pb = sorted(tuple(X[n]) for n in CB)
    check("%s: CT and CB have (nx+1)(ny+1) = %d nodes each, on z = 0 over |x| <= ov/2, |y| <= b/2" % (tag, nif),
          len(set(CT)) == nif and len(set(CB)) == nif and all(abs(p[2]) < 1e-15 and abs(p[0]) <= ov / 2 * (1 + 1e-12) and abs(p[1]) <= b / 2 * (1 + 1e-12) for p in pt + pb), "%d %d" % (len(CT), len(CB)))
    check("%s: CT and CB coincide node by node, CT on BEAM_RIGHT and CB on BEAM_LEFT (as in BRB_MATEX.inp)" % tag, pt == pb and set(CT) <= {n for e in right for n in conn[e]} and set(CB) <= {n for e in left for n in conn[e]})
    for name, f, sgn, els in (("TOPS", 2, 1, right), ("BOTS", 1, -1, left)):
        fl = surf_faces(name)
        A = sum(quad_area(faceinfo(e, ff)[0]) for e, ff in fl)
        ok = len(fl) == nx * ny and all(ff == f and e in els and abs(faceinfo(e, ff)[2][2] - sgn) < 1e-12 and abs(faceinfo(e, ff)[1][2]) < 1e-15 for e, ff in fl)
        nodes = {conn[e][i - 1] for e, ff in fl for i in FACES[ff]}
        check("%s: surface %s: nx ny = %d faces S%d on z = 0, outward normal %+dz, area %.8g = ov b, nodes = %s" % (tag, name, nx * ny, f, sgn, A, "CT" if name == "TOPS" else "CB"),
              ok and abs(A - ov * b) <= 1e-12 * ov * b and nodes == set(CT if name == "TOPS" else CB))
    # bolts: footprints counted on the grid by hand: faces of size ov/nx x b/ny whose centres are within r
    xb = [sp * (k - (nb - 1) / 2) for k in range(nb)]
    xc = [-ov / 2 + ov / nx * (i + 0.5) for i in range(nx)]
    yc = [-b / 2 + b / ny * (j + 0.5) for j in range(ny)]
    for k in range(nb):
        nexp = sum(1 for x in xc for y in yc if (x - xb[k]) ** 2 + y ** 2 <= r * r)
        for side, f, z, els in (("B", 1, -H / 2, right), ("N", 2, H / 2, left)):
            fl = surf_faces("%sSHANK%ds" % (side, k + 1))
            good = all(ff == f and e in els and abs(faceinfo(e, ff)[1][2] - z) < 1e-15 and abs(faceinfo(e, ff)[2][2] - np.sign(z)) < 1e-12 and
                       (faceinfo(e, ff)[1][0] - xb[k]) ** 2 + faceinfo(e, ff)[1][1] ** 2 <= r * r for e, ff in fl)
            ref = nsets.get("%sSHANK%dM" % (side, k + 1), [])
            refok = len(ref) == 1 and np.allclose(X[ref[0]], [xb[k], 0, 0], atol=1e-15) and all(ref[0] not in c for c in conn.values())
            check("%s: bolt %d %s footprint: %d faces S%d on z = %+g within r of x = %g (expected %d); reference node on the axis at z = 0" % (tag, k + 1, "head" if side == "B" else "nut", len(fl), f, z, xb[k], nexp),
                  nexp > 0 and len(fl) == nexp and good and refok)
    # constraints and load case
    coup = [par for k, par, _, _ in B if k == "coupling"]
    dist = sum(1 for i, (k, par, _, _) in enumerate(B) if k == "distributing" and B[i - 1][0] == "coupling" and par.get("weighting method", "").upper() == "UNIFORM")
    check("%s: %d distributing couplings (uniform) reference node -> footprint" % (tag, 2 * nb), dist == 2 * nb and
          sorted((c["ref node"], c["surface"]) for c in coup) == sorted(("%sSHANK%dm" % (s, k), "%sSHANK%ds" % (s, k)) for s in "BN" for k in range(1, nb + 1)))
    eqs = sorted(tuple(d) for k, _, d, _ in B if k == "equation")
    exp = sorted(("2", "BSHANK%dm, %d, 1." % (k, d), "NSHANK%dm, %d, -1." % (k, d)) for k in range(1, nb + 1) for d in (1, 2, 4, 5, 6))
    check("%s: *Equation BSHANKkm = NSHANKkm in DOFs 1, 2, 4, 5, 6 (DOF 3 free)" % tag, eqs == exp)
    cl = [d.split(",") for k, _, dd, _ in B if k == "cload" for d in dd]
    # the force at a reference node times the z of its coupled footprint < 0: it pushes the footprint into the beam
    zfoot = {c["ref node"].upper(): np.mean([faceinfo(e, ff)[1][2] for e, ff in surf_faces(c["surface"])]) for c in coup}
    clamp = all(int(c[1]) == 3 and float(c[2]) * zfoot[c[0].strip().upper()] < 0 for c in cl)
    check("%s: load case BOLTLOADS: %d unit forces in z pointing into the beam (a positive tension clamps)" % (tag, 2 * nb),
          len(cl) == 2 * nb and clamp and sorted(c[0].strip() for c in cl) == sorted("%sSHANK%dm" % (s, k) for s in "BN" for k in range(1, nb + 1))
          and [par.get("name") for k, par, _, _ in B if k == "substructure load case"] == ["BOLTLOADS"])
    st = [(k, par, d) for k, par, d, _ in B]
    i0 = kw.index("step")
    ok = (st[i0 + 1][0] == "substructure generate" and st[i0 + 1][1].get("nset") == "ENDNDS" and st[i0 + 2][0] == "select eigenmodes"
          and st[i0 + 2][2] == ["1, %d, 1" % nmodes] and st[i0 + 3][2] == ["CT, 1, 3", "CB, 1, 3"] and kw[-1] == "end step")
    check("%s: step: substructure with recovery NSET=ENDNDS, eigenmodes 1..%d, CT and CB DOFs 1-3 retained" % (tag, nmodes), ok)
    # ENDNDS: nearest nodes of each half (brute force) to the sensors and the end-face centres
    tgt = [([sx, sy, H / 2], right), ([-sx, -sy, H / 2], left), ([L / 2, 0, 0], right), ([-L / 2, 0, 0], left)]
    en = nsets.get("ENDNDS", [])
    ok = len(en) == 4
    for i, (t, els) in enumerate(tgt):
        cand = sorted({n for e in els for n in conn[e]})
        d = [np.linalg.norm(X[n] - t) for n in cand]
        ok = ok and abs(np.linalg.norm(X[en[i]] - t) - min(d)) < 1e-15 and en[i] in cand
    check("%s: ENDNDS = nodes nearest to the sensors (+-%g, +-%g, H/2) and the end-face centres" % (tag, sx, sy), ok, str(en))
    # every name used is defined
    used = [c["ref node"] for c in coup] + [c["surface"] for c in coup] + ["CT", "CB", "ENDNDS"]
    check("%s: every referenced set and surface is defined" % tag, all(u.upper() in nsets or u.upper() in surfs for u in used))

for a in sys.argv[1:]:
    deck(a)
EOF
fi

# --- bad input: a message that names the option, no file written --------------------------------
bad_case() { # NAME PATTERN ARGS...
  local name=$1 pat=$2
  shift 2
  rm -f "$W/bad/x.inp"
  run "$W/bad" bad mesh -output x.inp "$@"
  if [ $RC -eq 0 ]; then fail "$name" "exit status 0" "$W/bad/bad.out"
  elif ! grep -qE -- "$pat" "$W/bad/bad.err"; then fail "$name" "no message matching '$pat'" "$W/bad/bad.err"
  elif [ -e "$W/bad/x.inp" ] || ls "$W/bad"/x.inp.tmp.* >/dev/null 2>&1; then fail "$name" "a file was written"
  else pass "$name"; fi
}
bad_case "-lapbeam_nx 0 is refused" "lapbeam_nx.*>= 1" -lapbeam_nx 0
bad_case "bolts beyond the lap are refused" "beyond the lap" -lapbeam_bolt_spacing 0.06
bad_case "a washer smaller than the faces is refused" "holds no element face" -lapbeam_washer_radius 0.001
bad_case "overlapping footprints are refused" "footprints overlap" -lapbeam_bolt_spacing 0.015
bad_case "an unknown element type is refused" "C3D20" -lapbeam_element C3D20
bad_case "a misspelt option is refused" "lapbeam_nxx" -lapbeam_nxx 4
bad_case "an unknown -mesh_type is refused" "unknown deck type" -mesh_type cube
run "$W/bad" nodir mesh -output "$W/no/such/dir/x.inp"
if [ $RC -ne 0 ] && grep -q "cannot create" "$W/bad/nodir.err"; then pass "an unwritable -output is reported"
else fail "an unwritable -output is reported" "exit status $RC" "$W/bad/nodir.err"; fi

finish
